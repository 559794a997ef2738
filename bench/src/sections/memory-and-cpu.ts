/** Resident memory of each process (idle, peak under load, at the end) and its CPU at rest. */
import { join } from 'node:path';
import { type BenchContext, pause } from '../context.ts';
import { folderMiB, idleCpu, pssMiB, rssMiB } from '../memory.ts';
import { type Cell, notTaken, type Row, type Section } from '../report.ts';

/** Memory targets: the catalog at its highest, the database server at the end. */
const BUDGET_MIB: Record<string, [column: string, limit: number]> = {
  catalog: ['peak under load', 500],
  'mongo-java-server (data server)': ['after the run', 1536],
};

/**
 * Each Node process's resident memory at rest with the whole data set loaded: the catalog holds
 * its listing (ADR 6), the gateway its caches and the pages' server builds, every other service
 * at most this.
 */
const IDLE_TARGET_MIB: Record<string, number> = { catalog: 350, gateway: 100 };
const SERVICE_IDLE_TARGET_MIB = 90;
/** The whole platform's CPU at rest, in % of one core. */
const PLATFORM_IDLE_CPU_TARGET = 2;

const isDataServer = (name: string) => name.endsWith('(data server)');
const DATABASE_FILE = 'database file (data server)';

export type IdleMemory = Map<string, { rss: number | null; pss: number | null }>;
export type IdleCpu = Map<string, number | null>;

/** The embedded database's files: the H2 store below the platform's data folder. */
const databaseFiles = (ctx: BenchContext) => folderMiB(join(ctx.platform.env.DATA_DIR as string, 'mongo'));

/** The platform at rest with a size of the data set loaded: each process's memory, the database's files, and the CPU. */
export interface AtRest {
  memory: IdleMemory;
  cpu: IdleCpu;
}

/**
 * How long the platform rests before it is measured: the catalog that has just loaded its
 * listing collects the garbage of that start, and the database server gives its heap back after
 * two minutes without a collection (packages/local-servers, mongo-java-options.ts).
 */
const REST_MS = 130_000;

/** The platform after writing and probing a size of the data set, once it has rested: nothing asked of it. */
export async function platformAtRest(ctx: BenchContext): Promise<AtRest> {
  ctx.log('» at rest: memory and idle CPU …');
  await pause(ctx.mode.name === 'smoke' ? 1000 : REST_MS);
  const memory: IdleMemory = new Map(
    ctx.processes().map((proc) => [proc.name, { rss: rssMiB(proc.pid), pss: pssMiB(proc.pid) }]),
  );
  memory.set(DATABASE_FILE, { rss: databaseFiles(ctx), pss: null });
  const cpu = await idleCpu(ctx.processes(), ctx.mode.name === 'smoke' ? 3 : 30);
  return { memory, cpu };
}

const sumOf = (values: Array<number | null | undefined>): number | null =>
  values.some((v) => v == null) ? null : values.reduce<number>((sum, v) => sum + (v as number), 0);

/** The whole platform's memory, the database's share and its file, and the idle CPU, at each size at rest. */
export function footprintSection(ctx: BenchContext, atRest: Map<number, AtRest>): Section {
  const sizes = [...atRest.keys()];
  const label = (size: number) => (size >= 1000 ? `${size / 1000}k courses` : `${size} courses`);
  const all = ctx.processes();
  const database = all.filter((proc) => proc.name.startsWith('mongo'));
  const node = all.filter((proc) => !isDataServer(proc.name));
  const row = (name: string, value: (rest: AtRest) => Cell): Row => ({
    name,
    cells: Object.fromEntries(sizes.map((size) => [label(size), value(atRest.get(size)!)])),
  });
  const mib = (value: number | null, unit = 'MiB'): Cell =>
    value === null ? notTaken('a process could not be read') : { median: value, unit };
  return {
    id: 'footprint',
    title: 'Footprint',
    about: `the platform at rest (${REST_MS / 1000} s after the data set was written and its growth figures taken, nothing asked of it) at each of the last two sizes of the growth series: resident memory (RSS) summed over every process, proportional memory (PSS, shared pages counted once), the database server's resident memory and its files, and the whole platform's CPU over 30 s`,
    columns: sizes.map(label),
    rows: [
      row('whole platform (RSS)', (rest) => mib(sumOf(all.map((p) => rest.memory.get(p.name)?.rss)))),
      row('whole platform (PSS)', (rest) => mib(sumOf(all.map((p) => rest.memory.get(p.name)?.pss)))),
      row('Node processes (RSS)', (rest) => mib(sumOf(node.map((p) => rest.memory.get(p.name)?.rss)))),
      row('database server (RSS)', (rest) => mib(sumOf(database.map((p) => rest.memory.get(p.name)?.rss)))),
      row(DATABASE_FILE, (rest) => mib(rest.memory.get(DATABASE_FILE)?.rss ?? null)),
      row('whole platform (idle CPU)', (rest) => {
        const cpu = sumOf(all.map((p) => rest.cpu.get(p.name)));
        return ctx.figures.judged(
          mib(cpu, '% of a core'),
          (v) => v <= PLATFORM_IDLE_CPU_TARGET,
          `≤ ${PLATFORM_IDLE_CPU_TARGET} % of a core`,
        );
      }),
    ],
  };
}

export function memorySection(ctx: BenchContext, idle: IdleMemory, cpuShares: IdleCpu): Section {
  const { sampler, figures } = ctx;
  const mib = (value: number | null | undefined, missing: string): Cell =>
    value == null ? notTaken(missing) : { median: value, unit: 'MiB' };
  const rows: Row[] = ctx.processes().map((proc) => {
    const at = idle.get(proc.name);
    const cpu = cpuShares.get(proc.name);
    const unreadable = `no memory figures in /proc/${proc.pid}`;
    const row: Row = {
      name: proc.name,
      cells: {
        idle: mib(at?.rss, unreadable),
        'idle (proportional)': mib(at?.pss, unreadable),
        'peak under load': mib(sampler.peaks.get(proc.name), 'never sampled during load'),
        'after the run': mib(rssMiB(proc.pid), unreadable),
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
    if (!isDataServer(proc.name)) {
      const limit = IDLE_TARGET_MIB[proc.name] ?? SERVICE_IDLE_TARGET_MIB;
      row.cells.idle = figures.judged(row.cells.idle, (v) => v <= limit, `≤ ${limit} MiB`);
    }
    return row;
  });
  const notAProcess = notTaken('a file, not a process');
  rows.push({
    name: DATABASE_FILE,
    cells: {
      idle: mib(idle.get(DATABASE_FILE)?.rss, 'its folder could not be read'),
      'idle (proportional)': notAProcess,
      'peak under load': notAProcess,
      'after the run': mib(databaseFiles(ctx), 'its folder could not be read'),
      'idle CPU': notAProcess,
    },
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
      idle: total(all.map((proc) => idle.get(proc.name)?.rss)),
      'idle (proportional)': total(all.map((proc) => idle.get(proc.name)?.pss)),
      // Each process peaked at its own moment: the sum of the peaks bounds the platform's.
      'peak under load': total(all.map((proc) => sampler.peaks.get(proc.name))),
      'after the run': total(all.map((proc) => rssMiB(proc.pid))),
      'idle CPU':
        platformIdle === null
          ? notTaken('a process could not be read')
          : {
              median: platformIdle,
              unit: '% of a core',
              note: `(target ≤ ${PLATFORM_IDLE_CPU_TARGET} %: ${platformIdle <= PLATFORM_IDLE_CPU_TARGET ? 'met' : 'missed'})`,
            },
    },
  });
  return {
    id: 'memory',
    title: 'Memory',
    about:
      "resident set (VmRSS) after start and seeding, at rest before any load (the footprint section's largest size; and the proportional set, PSS, which counts pages shared between processes, such as Node itself, once across them), the peak sampled every 200 ms during every load run and the purchases, and at the end; idle CPU = the share of one core each process used over 30 s at that rest, with the largest data set loaded and no request (100 = a whole core); the database file row is the size of the embedded database's files at the same moments",
    columns: ['idle', 'idle (proportional)', 'peak under load', 'after the run', 'idle CPU'],
    rows,
  };
}
