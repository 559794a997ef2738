/**
 * Gateway throughput: the public reads through the gateway at each concurrency (hot reads), and
 * the same reads straight at the catalog beside them (gateway overhead).
 */
import type { BenchContext, People } from '../context.ts';
import { oid, TOPICS } from '../data.ts';
import { call } from '../http.ts';
import type { LoadResult } from '../load.ts';
import { type Cell, notTaken, type Row, type Section } from '../report.ts';

/** The calls of the public pages, by the names the tables use. */
interface Endpoint {
  name: string;
  path: string;
}

/** The reads compared straight at the catalog. */
const OVERHEAD_READS = ['courses', 'get-course-details/{id}', 'search/{q}'];

export const OVERHEAD_COLUMNS = [
  'gateway req/s',
  'direct req/s',
  'throughput ratio',
  'gateway p50',
  'direct p50',
  'gateway p99',
  'direct p99',
  'added p99',
];

/** Answers the gateway-overhead section, then the hot-reads section. */
export async function publicReads(ctx: BenchContext, people: People): Promise<Section[]> {
  const { mode, log, gw, figures } = ctx;
  // A course page and a search term that exist from the first growth point on.
  const sampleCourse = oid('course', Math.floor(mode.growth[0] / 2)).toHexString();
  const searchTerm = TOPICS[2]!.toLowerCase();
  const categoryName = people.categories[0]!;

  log('» public reads …');
  const hot: Endpoint[] = [
    { name: 'courses', path: '/api/v1/courses' },
    { name: 'recently-added-courses', path: '/api/v1/recently-added-courses' },
    { name: 'courses-loved-by-students', path: '/api/v1/courses-loved-by-students' },
    { name: 'get-top4-reviews', path: '/api/v1/get-top4-reviews' },
    { name: 'get-all-category', path: '/api/v1/get-all-category' },
    { name: 'courses/{cat}', path: `/api/v1/courses/${encodeURIComponent(categoryName)}` },
    { name: 'get-course-details/{id}', path: `/api/v1/get-course-details/${sampleCourse}` },
    { name: 'search/{q}', path: `/api/v1/search/${encodeURIComponent(searchTerm)}` },
  ];
  const viaGateway = new Map<string, LoadResult | string>();
  const hotRows: Row[] = [];
  for (const e of hot) {
    const bytes = await call(gw, 'GET', e.path).then(
      (r) => (r.status === 200 ? r.bytes : `answered ${r.status}`),
      (error: unknown) => String(error),
    );
    const cells: Record<string, Cell> = {
      'response bytes': typeof bytes === 'number' ? { median: bytes, unit: 'B' } : notTaken(bytes),
    };
    for (const c of mode.hotConcurrencies) {
      log(`  ${e.name} via the gateway at c${c}`);
      const r = await figures.measure({ url: `${gw}${e.path}`, connections: c });
      if (c === mode.concurrency) viaGateway.set(e.name, r);
      Object.assign(cells, figures.cellsOf(r, { [`c${c} req/s`]: 'rps', [`c${c} p99`]: 'p99' }));
      if (c === 10) cells['c10 req/s'] = figures.judged(cells['c10 req/s'], (v) => v >= 800, '≥ 800 req/s');
    }
    hotRows.push({ name: e.name, cells });
  }

  const overheadRows: Row[] = [];
  for (const name of OVERHEAD_READS) {
    const e = hot.find((h) => h.name === name)!;
    log(`  ${e.name} directly at the catalog at c${mode.concurrency}`);
    const d = await figures.measure({ url: `${ctx.direct('catalog')}${e.path}` });
    const g = viaGateway.get(name) ?? 'not measured';
    overheadRows.push({ name, cells: overheadCells(ctx, g, d) });
  }
  return [
    {
      id: 'gateway-overhead',
      title: 'Gateway overhead',
      about: `the same public reads through the gateway and straight at the catalog, concurrency ${mode.concurrency}; ratio = gateway ÷ direct throughput, added p99 = gateway p99 − direct p99`,
      columns: OVERHEAD_COLUMNS,
      rows: overheadRows,
    },
    {
      id: 'hot-reads',
      title: 'Hot public reads',
      about: `through the gateway at concurrency ${mode.hotConcurrencies.join(' and ')}; response bytes = JSON body, uncompressed; courses/{cat} = ${categoryName}, search/{q} = "${searchTerm}"`,
      columns: [...mode.hotConcurrencies.flatMap((c) => [`c${c} req/s`, `c${c} p99`]), 'response bytes'],
      rows: hotRows,
    },
  ];
}

/** Gateway and direct figures of one read, their throughput ratio and the p99 the gateway adds. */
function overheadCells(
  ctx: BenchContext,
  g: LoadResult | string,
  d: LoadResult | string,
): Record<string, Cell> {
  const { figures } = ctx;
  const cells: Record<string, Cell> = {
    ...figures.cellsOf(g, { 'gateway req/s': 'rps', 'gateway p50': 'p50', 'gateway p99': 'p99' }),
    ...figures.cellsOf(d, { 'direct req/s': 'rps', 'direct p50': 'p50', 'direct p99': 'p99' }),
  };
  const gRps = cells['gateway req/s']!;
  const dRps = cells['direct req/s']!;
  const gP99 = cells['gateway p99']!;
  const dP99 = cells['direct p99']!;
  cells['throughput ratio'] =
    'median' in gRps && 'median' in dRps
      ? {
          median: gRps.median / dRps.median,
          unit: '',
          note: gRps.median / dRps.median >= 0.8 ? '(target ≥ 0.8: met)' : '(target ≥ 0.8: missed)',
        }
      : notTaken('a throughput figure is missing');
  cells['added p99'] =
    'median' in gP99 && 'median' in dP99
      ? {
          median: gP99.median - dP99.median,
          unit: 'ms',
          note: gP99.median - dP99.median <= 3 ? '(target ≤ 3 ms: met)' : '(target ≤ 3 ms: missed)',
        }
      : notTaken('a p99 figure is missing');
  return cells;
}
