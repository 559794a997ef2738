/**
 * The courses, written in three steps (the mode's growth sizes), with the growth figures taken
 * after each: straight at the owning service, one request at a time, each for something else.
 */
import { type BenchContext, type People, pause } from '../context.ts';
import { oid } from '../data.ts';
import {
  type GrowthProbe,
  type GrowthSample,
  growthCells,
  growthProbes,
  sampleProbe,
  studentName,
} from '../growth.ts';
import { restartCatalog } from '../platform-under-test.ts';
import type { Section } from '../report.ts';
import { type AtRest, platformAtRest } from './memory-and-cpu.ts';

export interface GrowthSeries {
  /** The probes of the largest size (their names and limits are the same at every size). */
  probes: GrowthProbe[];
  /** Per probe, per size: the sample, or why it could not be taken. */
  samples: Map<string, Map<number, GrowthSample | string>>;
  /** The platform at rest after each of the last two sizes (the footprint section; the largest also the memory section's). */
  atRest: Map<number, AtRest>;
}

export async function seedAndProbeGrowth(ctx: BenchContext, people: People): Promise<GrowthSeries> {
  const { mode, log, dataSet } = ctx;
  const signStudent = (index: number) => ({
    'x-liveedu-identity': ctx.signIdentity({
      userId: oid('student', index).toHexString(),
      username: studentName(mode.seed, index),
      role: 'student',
    }),
  });
  const samples = new Map<string, Map<number, GrowthSample | string>>();
  const atRest = new Map<number, AtRest>();
  let probes: GrowthProbe[] = [];
  let seededDocs = 0;
  let seedSeconds = 0;
  let from = 0;
  for (const size of mode.growth) {
    log(`» writing courses ${from} to ${size} and their rows …`);
    const part = await ctx.timed(`seed to ${size} courses s`, () =>
      people.seeder.courses(people.categories, from, size),
    );
    seededDocs += part.documents;
    seedSeconds += part.seconds;
    from = size;
    dataSet[`catalog start with ${size} courses (s)`] = Number(
      (await ctx.timed(`catalog restart at ${size} courses s`, () => restartCatalog(ctx.platform))).toFixed(
        1,
      ),
    );
    // The figures are of a running catalog, not of one collecting the garbage of its start.
    await pause(mode.name === 'full' ? 15_000 : 500);
    probes = growthProbes({
      courses: size,
      categories: people.categories,
      buyers: Math.min(mode.size.students, size * mode.size.reviewsPerCourse),
      catalog: ctx.direct('catalog'),
      payments: ctx.direct('payments'),
      identityOf: signStudent,
      seed: mode.seed,
    });
    for (const [n, probe] of probes.entries()) {
      log(`  growth: ${probe.name} at ${size} courses`);
      const sample = await sampleProbe(probe, mode.growthRequests, mode.seed + size + n).catch(
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      if (!samples.has(probe.name)) samples.set(probe.name, new Map());
      samples.get(probe.name)!.set(size, sample);
    }
    if (mode.growth.indexOf(size) >= mode.growth.length - 2) atRest.set(size, await platformAtRest(ctx));
  }
  const largest = mode.growth[mode.growth.length - 1]!;
  dataSet.courses = largest;
  dataSet['seed rate (documents/s)'] = Math.round(seededDocs / seedSeconds);
  log(`  ${largest} courses and their rows: ${seededDocs} documents in ${seedSeconds.toFixed(1)} s`);
  return { probes, samples, atRest };
}

export function growthSection(ctx: BenchContext, series: GrowthSeries): Section {
  const { mode } = ctx;
  return {
    id: 'growth',
    title: 'Growth',
    about: `straight at the owning service, one request at a time, ${mode.growthRequests} requests per figure and size, each for something else (a random page, search word, course or student: uncached work), at ${mode.growth.join(', ')} courses, the data set written in those steps and the catalog restarted after each (figures taken 15 s after its start); a latency that grows in step with the course count is an index miss. Lists: ${series.probes
      .filter((p) => p.maxGrowth)
      .map((p) => `${p.name} varies ${p.varies}`)
      .join(
        '; ',
      )} (at the largest size). A p99 under 5 ms counts as within the growth limit (the clock's resolution and the machine's noise)`,
    columns: mode.growth.flatMap((size) => {
      const label = size >= 1000 ? `${size / 1000}k` : String(size);
      return [`${label} p50`, `${label} p99`];
    }),
    rows: series.probes.map((probe) => ({
      name: probe.name,
      cells: growthCells(
        probe,
        mode.growth,
        series.samples.get(probe.name) ?? new Map(),
        mode.name === 'full',
      ),
    })),
  };
}
