/** Writes through the gateway: sign-up, log-in (also one at a time), a todo and a checkout. */
import type { BenchContext, People } from '../context.ts';
import { BENCH_PASSWORD, course as courseDoc } from '../data.ts';
import type { Figures, MeasureJob } from '../figures.ts';
import { logIn } from '../http.ts';
import type { Cell, Row, Section } from '../report.ts';

export async function writes(ctx: BenchContext, people: People): Promise<Section> {
  const { mode, log, gw, figures } = ctx;
  log('» writes …');
  const writerSession = await logIn(gw, people.writer.username, BENCH_PASSWORD);
  const buyIndex = mode.growth[mode.growth.length - 1]! - 1;
  const buyCourse = courseDoc(mode.seed, mode.size, people.categories, buyIndex);
  const logInBody = JSON.stringify({ username: 'bench_student_00001', password: BENCH_PASSWORD });
  const jobs: Array<{ name: string; job: MeasureJob }> = [
    {
      name: 'sign-up (new account each time)',
      job: { url: `${gw}/api/v1/user-signUp`, method: 'POST', scenario: 'sign-up' },
    },
    {
      name: 'log-in',
      job: {
        url: `${gw}/api/v1/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: logInBody,
      },
    },
    {
      name: 'log-in, one at a time',
      job: {
        url: `${gw}/api/v1/login`,
        method: 'POST',
        connections: 1,
        headers: { 'content-type': 'application/json' },
        body: logInBody,
      },
    },
    {
      name: 'create-todo',
      job: {
        url: `${gw}/api2/v1/create-todo`,
        method: 'POST',
        headers: { ...writerSession.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ desc: 'Finish section 2 of the course' }),
      },
    },
    {
      name: 'checkout (creates a Razorpay order)',
      job: {
        url: `${gw}/api/v1/checkout`,
        method: 'POST',
        headers: { ...writerSession.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: buyCourse.pricePaise / 100,
          paymentTo: buyCourse.tutorId,
          course: buyCourse._id.toHexString(),
          paymentBy: writerSession.userId,
        }),
      },
    },
  ];
  const rows: Row[] = [];
  for (const w of jobs) {
    log(`  ${w.name}`);
    const r = await figures.measure(w.job);
    rows.push({
      name: `${w.name} @ c${w.job.connections ?? mode.concurrency}`,
      cells: withTarget(figures, w.name, figures.cellsOf(r, { 'req/s': 'rps', p50: 'p50', p99: 'p99' })),
    });
  }
  return {
    id: 'writes',
    title: 'Writes',
    about:
      'through the gateway; sign-up and log-in include the identity service’s argon2id KDF (hash on sign-up, verify on log-in) — “one at a time” shows one KDF plus the round trip; checkout calls the catalog and the Razorpay sandbox',
    columns: ['req/s', 'p50', 'p99'],
    rows,
  };
}

/** The README's write targets. */
function withTarget(figures: Figures, name: string, cells: Record<string, Cell>): Record<string, Cell> {
  if (name === 'create-todo') cells['req/s'] = figures.judged(cells['req/s'], (v) => v >= 300, '≥ 300 req/s');
  if (name.startsWith('checkout'))
    cells['req/s'] = figures.judged(cells['req/s'], (v) => v >= 50, '≥ 50 req/s');
  if (name === 'log-in, one at a time') cells.p50 = figures.judged(cells.p50, (v) => v <= 150, '≤ 150 ms');
  return cells;
}
