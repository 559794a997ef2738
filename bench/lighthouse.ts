/**
 * `npm run lighthouse`: builds the front end, starts the platform as `npm start` does (the demo
 * data, in a data folder of its own), and runs Lighthouse on the home page, a course page and
 * `/courses`; prints the table and writes bench/results/lighthouse/<date>.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPlatform } from '@liveedu/platform';
import { auditPages } from './src/lighthouse.ts';
import { formatCell, type Row } from './src/report.ts';
import { LIGHTHOUSE_ABOUT, lighthouseRows } from './src/sections/lighthouse.ts';

const here = dirname(fileURLToPath(import.meta.url));
const log = (line: string) => process.stdout.write(`${line}\n`);
const dataDir = mkdtempSync(join(tmpdir(), 'liveedu-lighthouse-'));
const platform = await startPlatform({
  dataDir,
  port: 0,
  log: (line) => log(`  ${line}`),
  env: { LOG_LEVEL: 'warn' },
});
let rows: Row[] = [];
try {
  const gw = platform.url.replace('://localhost:', '://127.0.0.1:');
  const list = (await (await fetch(`${gw}/api/v1/courses`)).json()) as { courses: Array<{ _id: string }> };
  const course = list.courses[0]?._id;
  if (!course) throw new Error('The demo data has no course');
  // The site's own origin (PUBLIC_URL), which its pages' addresses and policy name.
  rows = lighthouseRows(await auditPages(platform.url, ['/', `/viewCouse/${course}`, '/courses']));
} finally {
  await platform.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

log(`\n${LIGHTHOUSE_ABOUT}\n`);
for (const row of rows) {
  log(`${row.name}`);
  for (const [column, cell] of Object.entries(row.cells)) log(`  ${column.padEnd(16)} ${formatCell(cell)}`);
}
const dir = join(here, 'results', 'lighthouse');
mkdirSync(dir, { recursive: true });
const file = join(dir, `${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify({ about: LIGHTHOUSE_ABOUT, rows }, null, 2)}\n`);
log(`\nresults written to ${file}`);
process.exit(0);
