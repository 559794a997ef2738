import { type ChildProcess, fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadJob, RunFigures, WorkerMessage } from './load-worker.ts';

export type { LoadJob, RunFigures };

const here = dirname(fileURLToPath(import.meta.url));

/** Median, least and greatest of several runs. */
export interface Stat {
  median: number;
  min: number;
  max: number;
}

export function stat(values: number[]): Stat {
  if (values.length === 0) throw new Error('no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

/** The p-th percentile (0–100) of samples, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export interface LoadResult {
  runs: RunFigures[];
  requestsPerSec: Stat;
  p50: Stat;
  p99: Stat;
  requests: number;
  failed: number;
}

/** Runs load jobs in one forked process that lives for the whole bench. */
export class LoadGenerator {
  private readonly child: ChildProcess;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve(runs: RunFigures[]): void; reject(error: Error): void; onRun?: (warmup: boolean) => void }
  >();

  constructor() {
    this.child = fork(join(here, 'load-worker.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (message: WorkerMessage) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      if (message.type === 'run-start') waiting.onRun?.(message.warmup);
      else {
        this.pending.delete(message.id);
        if (message.type === 'done') waiting.resolve(message.runs);
        else waiting.reject(new Error(message.message));
      }
    });
    this.child.on('exit', (code) => {
      for (const waiting of this.pending.values()) {
        waiting.reject(new Error(`the load generator exited (${code})`));
      }
      this.pending.clear();
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  async run(job: Omit<LoadJob, 'id'>, onRun?: (warmup: boolean) => void): Promise<LoadResult> {
    const id = this.nextId++;
    const runs = await new Promise<RunFigures[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onRun });
      this.child.send({ ...job, id } satisfies LoadJob);
    });
    const requests = runs.reduce((sum, r) => sum + r.requests, 0);
    const failed = runs.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
    return {
      runs,
      requestsPerSec: stat(runs.map((r) => r.requestsPerSec)),
      p50: stat(runs.map((r) => r.p50)),
      p99: stat(runs.map((r) => r.p99)),
      requests,
      failed,
    };
  }

  stop(): void {
    if (this.child.connected) this.child.disconnect();
    if (this.child.exitCode === null) this.child.kill();
  }
}
