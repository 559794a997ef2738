import { readdirSync, readFileSync } from 'node:fs';

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
