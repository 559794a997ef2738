/**
 * `tsx bench/live-class.ts [--smoke]`: the bench's live-class section alone — its own LiveKit, no
 * platform, nothing written to bench/results — printed as the bench prints it. The full size
 * (one host, 20 viewers, 30 s) unless --smoke.
 */
import { FULL, SMOKE } from './src/modes.ts';
import { formatCell } from './src/report.ts';
import { liveClass } from './src/sections/live-class.ts';
import { stageTimer } from './src/timings.ts';

const mode = process.argv.includes('--smoke') ? SMOKE : FULL;
const log = (line: string) => process.stdout.write(`${line}\n`);
const { timings, timed } = stageTimer();
const section = await liveClass({ mode, log, timed });
log(`\n## ${section.title}\n${section.about}`);
for (const row of section.rows) {
  log(`${row.name}: ${section.columns.map((column) => formatCell(row.cells[column])).join(' | ')}`);
}
log(`timings: ${JSON.stringify(timings)}`);
process.exit(section.rows.every((row) => Object.values(row.cells).every((cell) => 'median' in cell)) ? 0 : 1);
