#!/usr/bin/env node
// Reports the JavaScript a browser downloads to show the home page (host shell + catalog
// remote entry + home page), minified and gzipped, from the production builds in dist/.
// Fails above the budget. Usage: node scripts/bundle-size.mjs [--json] [--budget-kb=200]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const budgetKb = Number(args.find((a) => a.startsWith('--budget-kb='))?.split('=')[1] ?? 200);
const asJson = args.includes('--json');

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const jsFiles = (dir) => readdirSync(dir).filter((f) => f.endsWith('.js'));

function need(dir) {
  if (!existsSync(dir)) {
    console.error(`${path.relative(root, dir)} is missing: run the production builds first`);
    process.exit(2);
  }
}

export function measure() {
  const hostDir = path.join(root, 'shells/host/dist');
  const catalogDir = path.join(root, 'mfe-catalog/dist');
  need(hostDir);
  need(catalogDir);

  // Host: everything it loads at start, i.e. all of its JS but the lazily loaded page chunks.
  const host = jsFiles(hostDir).filter((f) => !f.startsWith('page-'));

  // Catalog: its remote entry and exposed module, the home page chunk and the chunks those
  // share; not the fallback copies of the shared singletons (the host provides them) nor
  // the other pages' chunks. This counts every non-page chunk, so it is an upper bound.
  const manifest = JSON.parse(readFileSync(path.join(catalogDir, 'mf-manifest.json'), 'utf8'));
  const sharedAssets = new Set(
    (manifest.shared ?? []).flatMap((s) => [...(s.assets?.js?.sync ?? []), ...(s.assets?.js?.async ?? [])]),
  );
  const catalog = jsFiles(catalogDir).filter(
    (f) =>
      !f.startsWith('main.') && // the standalone entry and its chunk, never loaded by the host
      !f.startsWith('standalone.') &&
      !sharedAssets.has(f) &&
      (!f.startsWith('page-') || f.startsWith('page-home-page')),
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
