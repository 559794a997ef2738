#!/usr/bin/env node
// Reports the JavaScript a browser downloads to show the home page (host shell + catalog
// remote entry + home page), minified and gzipped, from the production builds in dist/.
// Fails above the budget. Usage: node scripts/bundle-size.mjs [--json] [--budget-kb=200]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
/** The home page's budget, which the build test, the browser test and the bench read from here (ADR 14). */
export const HOME_PAGE_BUDGET_KB = 200;

const budgetKb = Number(args.find((a) => a.startsWith('--budget-kb='))?.split('=')[1] ?? HOME_PAGE_BUDGET_KB);
const asJson = args.includes('--json');

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const jsFiles = (dir) => readdirSync(dir).filter((f) => f.endsWith('.js'));

function need(dir) {
  if (!existsSync(dir)) {
    console.error(`${path.relative(root, dir)} is missing: run the production builds first`);
    process.exit(2);
  }
}

/**
 * The files of the chunks the exposed module loads together with the home page, from the lazy
 * import the build writes (`Promise.all([o.e(455),o.e(611),o.e(783)])`, 783 being the home page's
 * chunk id); null when the build's output does not show it.
 */
function homePageChunks(dir, files) {
  const expose = files.find((f) => f.startsWith('__federation_expose_'));
  const home = files.find((f) => f.startsWith('page-home-page.'));
  const entry = readFileSync(path.join(dir, 'remoteEntry.js'), 'utf8');
  const id = /(\d+):"page-home-page"/.exec(entry)?.[1];
  if (!expose || !home || !id) return null;
  const code = readFileSync(path.join(dir, expose), 'utf8');
  const load = [...code.matchAll(/Promise\.all\(\[([^\]]*)\]\)/g)]
    .map((m) => [...m[1].matchAll(/\.e\((\d+)\)/g)].map((e) => e[1]))
    .find((ids) => ids.includes(id));
  if (!load) return null;
  const byId = new Map(files.map((f) => [f.split('.')[0], f]));
  const chunks = new Set([home]);
  for (const chunk of load) {
    const file = byId.get(chunk);
    if (file) chunks.add(file);
  }
  return chunks;
}

export function measure() {
  const hostDir = path.join(root, 'shells/host/dist');
  const catalogDir = path.join(root, 'mfe-catalog/dist');
  need(hostDir);
  need(catalogDir);

  // Host: everything it loads at start, i.e. all of its JS but the lazily loaded page chunks.
  const host = jsFiles(hostDir).filter((f) => !f.startsWith('page-'));

  // Catalog: its remote entry, the exposed module, and the chunks the exposed module loads for
  // the home page (read from its `Promise.all([n.e(…), …])` import); not the fallback copies of
  // the shared singletons (the host provides them). When that import cannot be read, every
  // non-page chunk is counted instead, an upper bound.
  const manifest = JSON.parse(readFileSync(path.join(catalogDir, 'mf-manifest.json'), 'utf8'));
  const sharedAssets = new Set(
    (manifest.shared ?? []).flatMap((s) => [...(s.assets?.js?.sync ?? []), ...(s.assets?.js?.async ?? [])]),
  );
  const files = jsFiles(catalogDir);
  const homeChunks = homePageChunks(catalogDir, files);
  const catalog = files.filter(
    (f) =>
      !f.startsWith('main.') && // the standalone entry and its chunk, never loaded by the host
      !f.startsWith('standalone.') &&
      !sharedAssets.has(f) &&
      (homeChunks
        ? f === 'remoteEntry.js' || f.startsWith('__federation_expose_') || homeChunks.has(f)
        : !f.startsWith('page-') || f.startsWith('page-home-page')),
  );

  const rows = [
    ...host.map((f) => ({ app: 'host', file: f, gzip: gz(path.join(hostDir, f)) })),
    ...catalog.map((f) => ({ app: 'catalog', file: f, gzip: gz(path.join(catalogDir, f)) })),
  ];
  const total = rows.reduce((s, r) => s + r.gzip, 0);
  return { rows, total, totalKb: total / 1024, budgetKb, withinBudget: total / 1024 <= budgetKb };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = measure();
  if (asJson) console.log(JSON.stringify(result, null, 2));
  else {
    for (const r of result.rows.sort((a, b) => b.gzip - a.gzip))
      console.log(`${r.app.padEnd(8)} ${(r.gzip / 1024).toFixed(1).padStart(7)} kB  ${r.file}`);
    console.log(
      `home page initial JS (min+gz): ${result.totalKb.toFixed(1)} kB of ${budgetKb} kB budget — ${
        result.withinBudget ? 'OK' : 'OVER BUDGET'
      }`,
    );
  }
  if (!result.withinBudget) process.exit(1);
}
