/** A student's own lists, through the gateway and straight at the owning service. */
import type { BenchContext } from '../context.ts';
import { BENCH_PASSWORD } from '../data.ts';
import { logIn } from '../http.ts';
import { type Cell, notTaken, type Row, type Section } from '../report.ts';

const READS = [
  { name: 'getUserData', path: '/api/v1/getUserData', service: 'identity' },
  { name: 'enrolled-courses', path: '/api/v1/enrolled-courses', service: 'catalog' },
  { name: 'order-history', path: '/api/v1/order-history', service: 'payments' },
];

export const AUTHENTICATED_READ_COLUMNS = [
  'gateway req/s',
  'gateway p50',
  'gateway p99',
  'direct req/s',
  'direct p50',
  'token + role check (p50)',
];

export async function authenticatedReads(ctx: BenchContext): Promise<Section> {
  const { mode, log, gw, figures } = ctx;
  log('» authenticated reads …');
  const student0 = await logIn(gw, 'bench_student_00000', BENCH_PASSWORD);
  const rows: Row[] = [];
  for (const a of READS) {
    log(`  ${a.name}`);
    const g = await figures.measure({ url: `${gw}${a.path}`, headers: student0.headers });
    // Straight at the service with the identity header the gateway would sign (valid 60 s).
    const identity = ctx.signIdentity({
      userId: student0.userId,
      username: student0.username,
      role: 'student',
    });
    const d = await figures.measure({
      url: `${ctx.direct(a.service)}${a.path}`,
      headers: { 'x-liveedu-identity': identity },
    });
    const cells: Record<string, Cell> = {
      ...figures.cellsOf(g, { 'gateway req/s': 'rps', 'gateway p50': 'p50', 'gateway p99': 'p99' }),
      ...figures.cellsOf(d, { 'direct req/s': 'rps', 'direct p50': 'p50' }),
    };
    cells['gateway req/s'] = figures.judged(cells['gateway req/s'], (v) => v >= 1000, '≥ 1,000 req/s');
    const gp = cells['gateway p50']!;
    const dp = cells['direct p50']!;
    cells['token + role check (p50)'] =
      'median' in gp && 'median' in dp
        ? { median: gp.median - dp.median, unit: 'ms' }
        : notTaken('a p50 figure is missing');
    rows.push({ name: a.name, cells });
  }
  return {
    id: 'authenticated-reads',
    title: 'Authenticated reads',
    about: `a student with 10 enrollments and 10 orders, concurrency ${mode.concurrency}; through the gateway (JWT check + the user's current role read from identity) and straight at the service with a signed identity header; the difference of p50s is the cost of the check`,
    columns: AUTHENTICATED_READ_COLUMNS,
    rows,
  };
}
