/**
 * `npm run soak -- --minutes N`: the whole platform under a mixed workload at a fixed rate for N
 * minutes, then the books, the 5xx counts and the memory line. Exits 0 when nothing was lost or
 * doubled, nothing answered 5xx and memory stayed flat; 1 otherwise; 2 for a wrong option.
 * `--rate R` (operations/s, default 40), `--seed S`, `--results-dir D` (default bench/results/).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSoakArgs, type SoakOptions } from './src/soak/options.ts';
import { runSoak } from './src/soak/run-soak.ts';

const here = dirname(fileURLToPath(import.meta.url));

let options: SoakOptions;
try {
  options = parseSoakArgs(process.argv.slice(2), join(here, 'results'));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.stderr.write('usage: npm run soak -- --minutes N [--rate R] [--seed S] [--results-dir D]\n');
  process.exit(2);
}

try {
  const { result, file, text } = await runSoak({ ...options, resultsDir: resolve(options.resultsDir) });
  process.stdout.write(`\n${text}\nresults written to ${file}\n`);
  process.exit(result.verdict.passed ? 0 : 1);
} catch (error) {
  process.stderr.write(
    `\nthe soak could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
}
