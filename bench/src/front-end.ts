import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface BundleSizeScript {
  HOME_PAGE_BUDGET_KB: number;
  measure(): { rows: Array<{ app: string; file: string; gzip: number }>; totalKb: number };
}

const bundleSize = (await import(
  join(import.meta.dirname, '../../scripts/bundle-size.mjs')
)) as BundleSizeScript;

/** The home page budget, as scripts/bundle-size.mjs holds it (ADR 14). */
export const BUDGET_KB = bundleSize.HOME_PAGE_BUDGET_KB;

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export interface Measured {
  name: string;
  /** kB (1024 bytes) minified and gzipped, or the reason it could not be measured. */
  kb: number | null;
  reason?: string;
  files: string[];
}

interface Manifest {
  shared?: Array<{ assets?: { js?: { sync?: string[]; async?: string[] } } }>;
  exposes?: Array<{ assets?: { js?: { sync?: string[] } } }>;
  metaData?: { remoteEntry?: { name?: string } };
}

/**
 * The home page: what scripts/bundle-size.mjs counts (the host's start-up JS, the catalog
 * remote's entry, exposed module, home page chunk and the chunks they share), from the builds.
 */
export async function homePage(root: string): Promise<Measured> {
  const hostDir = join(root, 'shells/host/dist');
  const catalogDir = join(root, 'mfe-catalog/dist');
  if (!existsSync(hostDir) || !existsSync(catalogDir)) {
    return { name: 'home page', kb: null, reason: 'no production build in dist/', files: [] };
  }
  const result = bundleSize.measure();
  return { name: 'home page', kb: result.totalKb, files: result.rows.map((r) => `${r.app}/${r.file}`) };
}

/** A remote's entry: remoteEntry.js and the exposed module's own start-up chunks, without shared copies. */
export function remoteEntry(root: string, dir: string, name: string): Measured {
  const dist = join(root, dir, 'dist');
  const manifestFile = join(dist, 'mf-manifest.json');
  if (!existsSync(manifestFile))
    return { name, kb: null, reason: `no production build in ${dir}/dist`, files: [] };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const shared = new Set(
    (manifest.shared ?? []).flatMap((s) => [...(s.assets?.js?.sync ?? []), ...(s.assets?.js?.async ?? [])]),
  );
  const entry = manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js';
  const files = [
    entry,
    ...(manifest.exposes ?? []).flatMap((e) => e.assets?.js?.sync ?? []).filter((f) => !shared.has(f)),
  ];
  const present = new Set(readdirSync(dist));
  const missing = files.filter((f) => !present.has(f));
  if (missing.length > 0)
    return { name, kb: null, reason: `missing ${missing.join(', ')} in ${dir}/dist`, files };
  const bytes = files.reduce((sum, f) => sum + gz(join(dist, f)), 0);
  return { name, kb: bytes / 1024, files };
}
