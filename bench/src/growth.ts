/**
 * Growth: how a request's latency changes as the data set grows from 1k to 10k to 100k courses.
 * Every request asks for something else — a random page, search word, course or student — so
 * the figures are of uncached work, the way a crawl or a crowd of different users reads, not of
 * one hot answer. Requests go one at a time, straight at the owning service.
 */
import { oid, prng, SEARCH_WORDS, student } from './data.ts';
import { percentile } from './load.ts';
import type { Cell } from './report.ts';

export interface GrowthRequest {
  url: string;
  headers?: Record<string, string>;
}

export interface GrowthProbe {
  name: string;
  /** What changes from request to request. */
  varies: string;
  /** Budget of its p99 at the largest size, in ms (the targets). */
  p99TargetMs: number;
  /** Lists must also stay within this multiple of their figure at the middle size. */
  maxGrowth?: number;
  next(rand: () => number): GrowthRequest;
  /**
   * What every answer must hold (the first of a list page, a bought course): an empty answer is
   * fast for the wrong reason, so it counts as a failure.
   */
  holds(body: unknown): boolean;
}

const listOf = (field: string) => (body: unknown) =>
  Array.isArray((body as Record<string, unknown> | null)?.[field]) &&
  ((body as Record<string, unknown[]>)[field] as unknown[]).length > 0;

export interface GrowthContext {
  courses: number;
  categories: string[];
  /** Students who bought something at this size (their index is below this). */
  buyers: number;
  catalog: string;
  payments: string;
  /** The identity header the gateway would sign for a student. */
  identityOf(studentIndex: number): Record<string, string>;
  seed: number;
}

const PER_PAGE = 24;
const between = (rand: () => number, n: number) => Math.floor(rand() * n);

const SORTS = ['newest', 'rating', 'popular', 'price-asc', 'price-desc'];
const LEVELS = ['beginner', 'intermediate', 'advance', 'all level'];
const PRICES = ['', 'maxPrice=499', 'minPrice=500&maxPrice=1000', 'minPrice=1001'];
const RATINGS = ['', 'minRating=3', 'minRating=4'];

/** A random order and filters as a list's query string: one or two levels, a rating, a price band. */
function randomFilters(rand: () => number): string {
  const levels = new Set([LEVELS[between(rand, LEVELS.length)]!, LEVELS[between(rand, LEVELS.length)]!]);
  return [
    `sort=${SORTS[between(rand, SORTS.length)]}`,
    ...[...levels].map((level) => `level=${encodeURIComponent(level)}`),
    RATINGS[between(rand, RATINGS.length)]!,
    PRICES[between(rand, PRICES.length)]!,
  ]
    .filter(Boolean)
    .join('&');
}

/** A list narrowed by filters may be short or empty; it must still answer its counts. */
const withFacets = (body: unknown) =>
  Array.isArray((body as { courses?: unknown } | null)?.courses) &&
  typeof (body as { facets?: unknown } | null)?.facets === 'object';

/** A student's own list at `url` (answered under `key`), read as a random one of the buyers. */
function ofRandomBuyer(ctx: GrowthContext, call: string, url: string, key: string): GrowthProbe {
  return {
    name: `${call} of a random student`,
    varies: `one of the ${ctx.buyers} students who bought`,
    p99TargetMs: 20,
    next: (rand) => ({ url, headers: ctx.identityOf(between(rand, ctx.buyers)) }),
    holds: listOf(key),
  };
}

export function growthProbes(ctx: GrowthContext): GrowthProbe[] {
  const pages = Math.max(1, Math.ceil(ctx.courses / PER_PAGE));
  // Courses are spread evenly over the categories; stay on pages every category has.
  const categoryPages = Math.max(1, Math.floor(ctx.courses / ctx.categories.length / PER_PAGE));
  return [
    {
      name: 'courses?page={random}',
      varies: `a page from 1 to ${pages}`,
      p99TargetMs: 100,
      maxGrowth: 2,
      next: (rand) => ({ url: `${ctx.catalog}/api/v1/courses?page=${1 + between(rand, pages)}` }),
      holds: listOf('courses'),
    },
    {
      name: 'courses/{random cat}?page={random}',
      varies: `one of ${ctx.categories.length} categories, a page from 1 to ${categoryPages}`,
      p99TargetMs: 100,
      maxGrowth: 2,
      next: (rand) => {
        const category = ctx.categories[between(rand, ctx.categories.length)]!;
        return {
          url: `${ctx.catalog}/api/v1/courses/${encodeURIComponent(category)}?page=${1 + between(rand, categoryPages)}`,
        };
      },
      holds: (body) => listOf('courses')((body as { courses?: unknown } | null)?.courses),
    },
    {
      name: 'search/{random word}',
      varies: `one of ${SEARCH_WORDS.length} words of the course topics`,
      p99TargetMs: 100,
      maxGrowth: 2,
      next: (rand) => ({
        url: `${ctx.catalog}/api/v1/search/${encodeURIComponent(SEARCH_WORDS[between(rand, SEARCH_WORDS.length)]!)}`,
      }),
      // Not every word is in a small data set's titles; an empty result is a valid answer.
      holds: (body) => Array.isArray((body as { courses?: unknown } | null)?.courses),
    },
    {
      name: 'courses?{random sort and filters}',
      varies: `one of ${SORTS.length} orders, one or two of ${LEVELS.length} levels, a rating step and a price band, a page from 1 to 5`,
      p99TargetMs: 100,
      maxGrowth: 2,
      next: (rand) => ({
        url: `${ctx.catalog}/api/v1/courses?${randomFilters(rand)}&page=${1 + between(rand, 5)}`,
      }),
      holds: withFacets,
    },
    {
      name: 'search/{random word}?{random sort and filters}',
      varies: `one of ${SEARCH_WORDS.length} words, with a random order and filters as above`,
      p99TargetMs: 100,
      maxGrowth: 2,
      next: (rand) => ({
        url: `${ctx.catalog}/api/v1/search/${encodeURIComponent(SEARCH_WORDS[between(rand, SEARCH_WORDS.length)]!)}?${randomFilters(rand)}`,
      }),
      holds: withFacets,
    },
    {
      name: 'get-course-details/{random id}',
      varies: `one of the ${ctx.courses} courses`,
      p99TargetMs: 20,
      next: (rand) => ({
        url: `${ctx.catalog}/api/v1/get-course-details/${oid('course', between(rand, ctx.courses)).toHexString()}`,
      }),
      holds: (body) => typeof (body as { title?: unknown } | null)?.title === 'string',
    },
    ofRandomBuyer(ctx, 'enrolled-courses', `${ctx.catalog}/api/v1/enrolled-courses`, 'coursesEnrolled'),
    ofRandomBuyer(ctx, 'order-history', `${ctx.payments}/api/v1/order-history`, 'data'),
  ];
}

export interface GrowthSample {
  p50: number;
  p99: number;
  requests: number;
  failed: number;
  firstFailure?: string;
}

/** `count` requests one after another, each from `probe.next`; latency from send to last byte. */
export async function sampleProbe(probe: GrowthProbe, count: number, seed: number): Promise<GrowthSample> {
  const rand = prng(seed);
  const latencies: number[] = [];
  let failed = 0;
  let firstFailure: string | undefined;
  for (let i = 0; i < count; i += 1) {
    const request = probe.next(rand);
    const at = performance.now();
    let took: number | null = null;
    try {
      const response = await fetch(request.url, {
        headers: request.headers,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      took = performance.now() - at;
      const path = request.url.replace(/^https?:\/\/[^/]+/, '');
      if (response.status !== 200) {
        failed += 1;
        firstFailure ??= `${path} answered ${response.status}`;
      } else if (!probe.holds(JSON.parse(text))) {
        failed += 1;
        firstFailure ??= `${path} answered without what it should hold: ${text.slice(0, 120)}`;
      }
    } catch (error) {
      failed += 1;
      firstFailure ??= error instanceof Error ? error.message : String(error);
    }
    latencies.push(took ?? performance.now() - at);
  }
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: count,
    failed,
    ...(firstFailure ? { firstFailure } : {}),
  };
}

const ms = (value: number) => Math.round(value * 10) / 10;

/** The row of one probe: p50 and p99 at each size, the largest judged against its targets. */
export function growthCells(
  probe: GrowthProbe,
  sizes: number[],
  samples: Map<number, GrowthSample | string>,
  /** Whether to mark the largest size against the targets (a full run, not a smoke run). */
  judge = true,
): Record<string, Cell> {
  const cells: Record<string, Cell> = {};
  const label = (size: number) => (size >= 1000 ? `${size / 1000}k` : String(size));
  const largest = sizes[sizes.length - 1]!;
  const middle = sizes[sizes.length - 2]!;
  for (const size of sizes) {
    const sample = samples.get(size) ?? 'not measured';
    if (typeof sample === 'string' || sample.failed > 0) {
      const why =
        typeof sample === 'string'
          ? sample
          : `${sample.failed} of ${sample.requests} requests failed (${sample.firstFailure})`;
      cells[`${label(size)} p50`] = { notTaken: why };
      cells[`${label(size)} p99`] = { notTaken: why };
      continue;
    }
    cells[`${label(size)} p50`] = { median: ms(sample.p50), unit: 'ms' };
    const p99: Cell = { median: ms(sample.p99), unit: 'ms' };
    if (judge && size === largest) {
      const atMiddle = samples.get(middle);
      const withinBudget = sample.p99 <= probe.p99TargetMs;
      // Below 5 ms a doubling is noise, not growth.
      const withinGrowth =
        probe.maxGrowth === undefined ||
        (typeof atMiddle !== 'string' &&
          atMiddle !== undefined &&
          sample.p99 <= Math.max(probe.maxGrowth * atMiddle.p99, 5));
      const target =
        probe.maxGrowth === undefined
          ? `≤ ${probe.p99TargetMs} ms`
          : `≤ ${probe.p99TargetMs} ms and ≤ ${probe.maxGrowth}× ${label(middle)}`;
      p99.note = `(target ${target}: ${withinBudget && withinGrowth ? 'met' : 'missed'})`;
    }
    cells[`${label(size)} p99`] = p99;
  }
  return cells;
}

/** A student's display name, for the identity header. */
export const studentName = (seed: number, index: number) => student(seed, index).username;
