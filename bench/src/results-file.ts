/** The results of a run: what it measured and how, written to `<results dir>/<start>.json`. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Mode } from './modes.ts';
import { type Results, renderText, type Section } from './report.ts';

/** How the figures were taken, printed above the tables. */
export function methodNotes(mode: Mode): string[] {
  return [
    `load from autocannon in a separate process; each figure is the median of ${mode.runs} run(s) of ${mode.durationSec} s` +
      (mode.warmupSec > 0 ? ` after a ${mode.warmupSec} s warm-up` : ' (no warm-up in smoke mode)') +
      ', (min–max) beside it; latencies in ms at autocannon’s 1 ms resolution',
    'rate limits raised for the run (AUTH_RATE_LIMIT_PER_MINUTE, LOGIN_RATE_LIMIT_PER_USERNAME) so they do not distort the write figures',
    'a run with more than 1% failed responses (non-2xx, errors, timeouts) is not taken',
  ];
}

export function saveResults(run: {
  mode: Mode;
  startedAt: Date;
  loadAtStart: number[];
  durationSec: number;
  dataSet: Record<string, number | string>;
  timings: Record<string, number>;
  sections: Section[];
  resultsDir: string;
}): { results: Results; file: string; text: string } {
  const results: Results = {
    mode: run.mode.name,
    startedAt: run.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    durationSec: run.durationSec,
    machine: {
      cpus: cpus().length,
      node: process.versions.node,
      loadAverageAtStart: run.loadAtStart,
      loadAverageAtEnd: loadavg(),
    },
    method: methodNotes(run.mode),
    dataSet: run.dataSet,
    timings: run.timings,
    sections: run.sections,
  };
  mkdirSync(run.resultsDir, { recursive: true });
  const file = join(
    run.resultsDir,
    `${run.startedAt.toISOString().slice(0, 19).replace(/:/g, '-')}${run.mode.name === 'smoke' ? '-smoke' : ''}.json`,
  );
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return { results, file, text: renderText(results) };
}
