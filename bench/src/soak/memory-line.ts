/**
 * The memory line: each process's VmRSS sampled through the whole workload, then the median of
 * the first window against the median of the last. A leak shows as a last window well above the
 * first; caches that fill once and a heap that settles do not keep growing, and stay within the
 * threshold.
 */
import { stat } from '../load.ts';
import { rssMiB } from '../memory.ts';
import type { MeasuredProcess } from '../platform-under-test.ts';
import { FLAT_MEMORY, MEMORY_JUDGED_FROM_MINUTES } from './options.ts';

export interface RssSample {
  /** Seconds since the workload started. */
  at: number;
  mib: Record<string, number>;
}

export interface ProcessLine {
  name: string;
  firstMiB: number | null;
  lastMiB: number | null;
  growthMiB: number | null;
  growthPercent: number | null;
  /** null: not judged (a run too short, or a process that could not be read). */
  flat: boolean | null;
}

export interface MemoryLine {
  windowSeconds: number;
  samples: number;
  judged: boolean;
  /** Why the line was not judged, when it was not. */
  notJudged?: string;
  processes: ProcessLine[];
  /** null when not judged. */
  flat: boolean | null;
}

/** Samples every measured process's VmRSS every `everyMs` while started. */
export class RssRecorder {
  readonly samples: RssSample[] = [];
  private timer: NodeJS.Timeout | null = null;
  private startedAt = 0;

  constructor(
    private readonly processes: () => MeasuredProcess[],
    private readonly everyMs: number,
  ) {}

  private sample(): void {
    const mib: Record<string, number> = {};
    for (const p of this.processes()) {
      const rss = rssMiB(p.pid);
      if (rss !== null) mib[p.name] = rss;
    }
    this.samples.push({ at: (performance.now() - this.startedAt) / 1000, mib });
  }

  start(): void {
    this.startedAt = performance.now();
    this.sample();
    this.timer = setInterval(() => this.sample(), this.everyMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sample();
  }
}

/** The windows: the first and last 5 minutes, or the first and last third of a run under 10 minutes. */
export function windowSeconds(runSeconds: number): number {
  return runSeconds >= 600 ? 300 : runSeconds / 3;
}

/** The whole platform's sum, sample by sample, as one more line. */
export const WHOLE_PLATFORM = 'whole platform';

export function memoryLine(samples: RssSample[], names: string[], runSeconds: number): MemoryLine {
  const window = windowSeconds(runSeconds);
  const end = samples.length ? samples[samples.length - 1]!.at : 0;
  const first = samples.filter((s) => s.at <= window);
  const last = samples.filter((s) => s.at >= end - window);
  const judged = runSeconds >= MEMORY_JUDGED_FROM_MINUTES * 60;
  const medianOf = (rows: RssSample[], name: string): number | null => {
    const values = rows.flatMap((s) => {
      if (name !== WHOLE_PLATFORM) return s.mib[name] === undefined ? [] : [s.mib[name]];
      // A sample that missed a process would undercount the platform: only whole samples count.
      return names.every((n) => s.mib[n] !== undefined) ? [names.reduce((sum, n) => sum + s.mib[n]!, 0)] : [];
    });
    return values.length ? stat(values).median : null;
  };
  const processes = [...names, WHOLE_PLATFORM].map((name): ProcessLine => {
    const firstMiB = medianOf(first, name);
    const lastMiB = medianOf(last, name);
    if (firstMiB === null || lastMiB === null) {
      return { name, firstMiB, lastMiB, growthMiB: null, growthPercent: null, flat: null };
    }
    const growthMiB = lastMiB - firstMiB;
    const growthPercent = (growthMiB / firstMiB) * 100;
    // The whole platform is the sum of lines judged one by one; its own figure is for reading.
    const flat =
      judged && name !== WHOLE_PLATFORM
        ? growthMiB <= FLAT_MEMORY.mib || growthPercent <= FLAT_MEMORY.percent
        : null;
    return { name, firstMiB, lastMiB, growthMiB, growthPercent, flat };
  });
  const unread = processes.filter((p) => p.name !== WHOLE_PLATFORM && p.firstMiB === null);
  return {
    windowSeconds: window,
    samples: samples.length,
    judged,
    ...(judged
      ? {}
      : { notJudged: `a run under ${MEMORY_JUDGED_FROM_MINUTES} minutes shows warm-up, not a leak` }),
    processes,
    // A process whose memory could not be read cannot be called flat.
    flat: judged ? unread.length === 0 && processes.every((p) => p.flat !== false) : null,
  };
}
