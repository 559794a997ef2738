import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Resident set size of a process in MiB (VmRSS in /proc/<pid>/status), or null if unreadable. */
export function rssMiB(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Proportional set size in MiB (Pss in /proc/<pid>/smaps_rollup): the process's private memory
 * plus its share of pages it shares with others (Node's own code, mapped once for all twelve
 * Node processes but counted whole in each one's RSS). The platform's PSS adds up to what it
 * really holds.
 */
export function pssMiB(pid: number): number | null {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const match = /^Pss:\s+(\d+)\s+kB/m.exec(rollup);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The bytes of every file below `dir`, in MiB, or null if it cannot be read. */
export function folderMiB(dir: string): number | null {
  try {
    let bytes = 0;
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
    }
    return bytes / 1024 / 1024;
  } catch {
    return null;
  }
}

/** Direct children of a process, with their command names (the data servers the platform started). */
export function childrenOf(parent: number): Array<{ pid: number; name: string }> {
  const found: Array<{ pid: number; name: string }> = [];
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'.
      const close = stat.lastIndexOf(')');
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      if (ppid === parent) found.push({ pid: Number(entry), name: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** Samples the RSS of named processes every `everyMs` while started, keeping each one's peak. */
export class PeakSampler {
  private timer: NodeJS.Timeout | null = null;
  readonly peaks = new Map<string, number>();

  constructor(
    private readonly processes: () => Array<{ name: string; pid: number }>,
    private readonly everyMs = 200,
  ) {}

  sample(): void {
    for (const p of this.processes()) {
      const rss = rssMiB(p.pid);
      if (rss !== null) this.peaks.set(p.name, Math.max(this.peaks.get(p.name) ?? 0, rss));
    }
  }

  start(): void {
    if (this.timer) return;
    this.sample();
    this.timer = setInterval(() => this.sample(), this.everyMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** CPU time (user + system) a process has used so far, in clock ticks, or null if unreadable. */
export function cpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime is the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
export const TICKS_PER_SECOND = 100;

/**
 * The share of one core each process used over `seconds` of doing nothing asked of it: what the
 * platform burns at rest (timers, polls, background sweeps). 100 = one whole core.
 */
export async function idleCpu(
  processes: Array<{ name: string; pid: number }>,
  seconds: number,
): Promise<Map<string, number | null>> {
  const before = new Map(processes.map((p) => [p.name, cpuTicks(p.pid)]));
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const elapsed = (performance.now() - started) / 1000;
  return new Map(
    processes.map((p) => {
      const a = before.get(p.name);
      const b = cpuTicks(p.pid);
      return [p.name, a == null || b == null ? null : ((b - a) / TICKS_PER_SECOND / elapsed) * 100];
    }),
  );
}
