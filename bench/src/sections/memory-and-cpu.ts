/** Resident memory of each process (idle, peak under load, at the end) and its CPU at rest. */
import { type BenchContext, pause } from '../context.ts';
import { idleCpu, rssMiB } from '../memory.ts';
import { type Cell, notTaken, type Row, type Section } from '../report.ts';

/** The README's memory targets: the catalog at its highest, the database server at the end. */
const BUDGET_MIB: Record<string, [column: string, limit: number]> = {
  catalog: ['peak under load', 500],
  'mongo-java-server (data server)': ['after the run', 1536],
};

export type IdleMemory = Map<string, number | null>;
export type IdleCpu = Map<string, number | null>;

/** Each process's memory after start and seeding, before any load. */
export async function idleMemory(ctx: BenchContext): Promise<IdleMemory> {
  await pause(1000);
  return new Map(ctx.processes().map((proc) => [proc.name, rssMiB(proc.pid)]));
}

/** The whole platform with the largest catalog loaded and nothing asked of it. */
export async function idleCpuAtRest(ctx: BenchContext): Promise<IdleCpu> {
  ctx.log('» idle CPU …');
  // Settle first: a catalog that has just loaded 100k courses (and rebuilt its lists) is still
  // collecting the garbage of that start for a while.
  await pause(ctx.mode.name === 'smoke' ? 1000 : 60_000);
  return idleCpu(ctx.processes(), ctx.mode.name === 'smoke' ? 3 : 30);
}

export function memorySection(ctx: BenchContext, idle: IdleMemory, cpuShares: IdleCpu): Section {
  const { sampler, figures } = ctx;
  const rows: Row[] = ctx.processes().map((proc) => {
    const before = idle.get(proc.name);
    const peak = sampler.peaks.get(proc.name);
    const cpu = cpuShares.get(proc.name);
    const after = rssMiB(proc.pid);
    const row: Row = {
      name: proc.name,
      cells: {
        idle:
          before == null ? notTaken(`no VmRSS in /proc/${proc.pid}/status`) : { median: before, unit: 'MiB' },
        'peak under load':
          peak === undefined ? notTaken('never sampled during load') : { median: peak, unit: 'MiB' },
        'after the run':
          after == null ? notTaken(`no VmRSS in /proc/${proc.pid}/status`) : { median: after, unit: 'MiB' },
        'idle CPU':
          cpu == null
            ? notTaken(`no CPU times in /proc/${proc.pid}/stat`)
            : { median: cpu, unit: '% of a core' },
      },
    };
    const target = BUDGET_MIB[proc.name];
    if (target) {
      const [column, limit] = target;
      row.cells[column] = figures.judged(row.cells[column], (v) => v <= limit, `≤ ${limit} MiB`);
    }
    return row;
  });
  const platformIdle = [...cpuShares.values()].reduce<number | null>(
    (sum, v) => (sum === null || v === null ? null : sum + v),
    0,
  );
  const total = (values: Array<number | null | undefined>): Cell =>
    values.some((v) => v == null)
      ? notTaken('a process could not be read')
      : { median: values.reduce<number>((sum, v) => sum + (v as number), 0), unit: 'MiB' };
  const all = ctx.processes();
  rows.push({
    name: 'whole platform',
    cells: {
      idle: total(all.map((proc) => idle.get(proc.name))),
      // Each process peaked at its own moment: the sum of the peaks bounds the platform's.
      'peak under load': total(all.map((proc) => sampler.peaks.get(proc.name))),
      'after the run': total(all.map((proc) => rssMiB(proc.pid))),
      'idle CPU':
        platformIdle === null
          ? notTaken('a process could not be read')
          : {
              median: platformIdle,
              unit: '% of a core',
              note: platformIdle <= 5 ? '(target ≤ 5 %: met)' : '(target ≤ 5 %: missed)',
            },
    },
  });
  return {
    id: 'memory',
    title: 'Memory',
    about:
      'resident set (VmRSS) after start and seeding, before any load, the peak sampled every 200 ms during every load run and the purchases, and at the end; idle CPU = the share of one core each process used over 30 s, starting 60 s after the last start, with the largest data set loaded and no request (100 = a whole core)',
    columns: ['idle', 'peak under load', 'after the run', 'idle CPU'],
    rows,
  };
}
