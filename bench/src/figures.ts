/** How a load run becomes figures: one request first, the run, its cells, and the target marks. */
import type { LoadGenerator, LoadJob, LoadResult } from './load.ts';
import type { PeakSampler } from './memory.ts';
import type { Mode } from './modes.ts';
import { type Cell, isTaken, notTaken } from './report.ts';

/** Seconds kept back at the end of the budget for what follows the load runs. */
const RESERVE_SEC = 45;

export type Column = 'rps' | 'p50' | 'p99';

/** A load job: the mode supplies what it leaves out. */
export type MeasureJob = Omit<
  LoadJob,
  'id' | 'warmupSec' | 'durationSec' | 'runs' | 'connections' | 'method'
> &
  Partial<Pick<LoadJob, 'warmupSec' | 'runs' | 'connections' | 'method'>> & { probeLimitMs?: number };

export interface Figures {
  /** One load run (the mode's warm-up, duration and repeats), or why it was not made. */
  measure(job: MeasureJob): Promise<LoadResult | string>;
  /** The named columns of a run: its rate, p50 or p99, or "not taken" with the reason. */
  cellsOf(r: LoadResult | string, columns: Record<string, Column>): Record<string, Cell>;
  /** Marks a figure against its target from the README: met or missed, never hidden. */
  judged(cell: Cell | undefined, met: (value: number) => boolean, target: string): Cell;
}

export function figures(opts: {
  mode: Mode;
  load: LoadGenerator;
  sampler: PeakSampler;
  /** Seconds since the process started, against the mode's budget. */
  elapsed: () => number;
}): Figures {
  const { mode, load, sampler, elapsed } = opts;

  const result = (r: LoadResult, column: Column): Cell => {
    if (r.requests === 0) return notTaken('no response within the run');
    // A run with no completed request has no rate or latency; a median over it would read 0.
    const empty = r.runs.filter((run) => run.requests === 0).length;
    if (empty > 0) return notTaken(`${empty} of ${r.runs.length} runs completed no request`);
    if (r.failed / r.requests > 0.01) {
      return notTaken(`${r.failed} of ${r.requests} responses failed (non-2xx, errors or timeouts)`);
    }
    const figure = column === 'rps' ? r.requestsPerSec : column === 'p50' ? r.p50 : r.p99;
    return { ...figure, unit: column === 'rps' ? 'req/s' : 'ms' };
  };

  /** One request first (not for sign-up, which must not repeat a name): too slow to measure? */
  const probe = async (job: MeasureJob, probeLimitMs: number, left: number): Promise<string | null> => {
    const at = performance.now();
    const failure = await fetch(job.url, {
      method: job.method ?? 'GET',
      headers: job.headers,
      body: job.body,
      signal: AbortSignal.timeout(Math.min(probeLimitMs, left * 1000)),
    }).then(
      async (r) => {
        await r.arrayBuffer();
        return r.status < 300 ? null : `a single request answered ${r.status}`;
      },
      () => `a single request took over ${(Math.min(probeLimitMs, left * 1000) / 1000).toFixed(0)} s`,
    );
    const took = performance.now() - at;
    if (failure) return failure;
    if (took > probeLimitMs) {
      return `a single request took ${(took / 1000).toFixed(1)} s (limit ${probeLimitMs / 1000} s for a load run of ${mode.durationSec} s)`;
    }
    return null;
  };

  return {
    async measure(job) {
      const { probeLimitMs = mode.probeLimitMs, ...rest } = job;
      const left = mode.budgetSec - elapsed() - RESERVE_SEC;
      if (left < mode.warmupSec + mode.runs * mode.durationSec + 5) {
        return `the ${mode.budgetSec / 60}-minute time budget was spent before this figure`;
      }
      if (job.scenario !== 'sign-up') {
        const failure = await probe(job, probeLimitMs, left);
        if (failure) return failure;
      }
      try {
        sampler.start();
        return await load.run({
          method: 'GET',
          connections: mode.concurrency,
          warmupSec: mode.warmupSec,
          durationSec: mode.durationSec,
          runs: mode.runs,
          ...rest,
          // autocannon needs at least one request per connection.
          ...(rest.amount || mode.amount
            ? { amount: Math.max(rest.amount ?? mode.amount ?? 0, rest.connections ?? mode.concurrency) }
            : {}),
        });
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      } finally {
        sampler.stop();
      }
    },

    cellsOf(r, columns) {
      return Object.fromEntries(
        Object.entries(columns).map(([name, what]) => [
          name,
          typeof r === 'string' ? notTaken(r) : result(r, what),
        ]),
      );
    },

    judged(cell, met, target) {
      if (!cell || !isTaken(cell)) return cell ?? notTaken('missing');
      // Smoke runs end after a fixed count of requests: their rates say nothing against a target.
      if (mode.name !== 'full') return cell;
      return { ...cell, note: `(target ${target}: ${met(cell.median) ? 'met' : 'missed'})` };
    },
  };
}
