/**
 * `npm run bench`: provisions the local servers (bootstrap did), seeds the benchmark data set,
 * starts the platform, measures, prints the tables and writes bench/results/<date>.json.
 * `--smoke` (or BENCH_SMOKE=1): a tiny data set and one short run per figure, every row still printed.
 * `--results-dir=<dir>`: where the results file goes.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBench } from './src/bench.ts';
import { FULL, SMOKE } from './src/modes.ts';

const args = process.argv.slice(2);
const smoke = args.includes('--smoke') || process.env.BENCH_SMOKE === '1';
const here = dirname(fileURLToPath(import.meta.url));
const dirArg = args.find((a) => a.startsWith('--results-dir='))?.split('=')[1];
const resultsDir = dirArg ? resolve(dirArg) : join(here, 'results');

const { file, text } = await runBench({ mode: smoke ? SMOKE : FULL, resultsDir });
process.stdout.write(`\n${text}\nresults written to ${file}\n`);
process.exit(0);
