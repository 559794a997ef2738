/**
 * The soak's operations, one user action each: a visitor's page read, a signed-in user's own
 * data, a purchase through the sandbox, a review. Each tells the traffic tally what the gateway
 * answered; what it bought or reviewed goes into the receipts.
 */
import { TEST_CARDS } from '@liveedu/razorpay-sandbox';
import { SEARCH_WORDS } from '../data.ts';
import { call, type Session } from '../http.ts';
import { buyCourse } from '../purchase.ts';
import { DECLINED_SHARE, PURCHASE_SHARE_OF_WRITES } from './options.ts';
import type { Receipts } from './receipts.ts';
import type { SoakCourse, SoakWorld } from './seed-through-api.ts';
import type { Traffic } from './traffic.ts';

export interface SoakContext {
  gw: string;
  sandboxUrl: string;
  keyId: string;
  world: SoakWorld;
  traffic: Traffic;
  receipts: Receipts;
  /** The workload's seeded stream: which operation, page, course, student. */
  rand: () => number;
}

export type OperationClass = 'browse' | 'authenticated read' | 'write';

interface Weighted {
  name: string;
  weight: number;
  run: (ctx: SoakContext) => Promise<void>;
}

const PAGE_SIZE = 24;
/** A review waits this long after its purchase: the enrollment it needs arrives by event. */
const REVIEW_AFTER_MS = 10_000;
const COMMENTS = [
  'Clear explanations and good pacing.',
  'Exactly what I needed for my job.',
  'The project made it click for me.',
  'Good, though a few videos could be shorter.',
  'Well structured from start to finish.',
];

const oneOf = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

/** One request through the gateway, tallied under `operation`; answers its status (null: none came). */
async function request(
  ctx: SoakContext,
  operation: string,
  method: string,
  path: string,
  opts: { as?: Session; body?: unknown; expect?: readonly number[] } = {},
): Promise<number | null> {
  const expected = opts.expect ?? [200];
  const at = performance.now();
  try {
    const answer = await call(ctx.gw, method, path, { as: opts.as, body: opts.body });
    const detail = expected.includes(answer.status)
      ? ''
      : `${method} ${path}: ${JSON.stringify(answer.body)}`;
    ctx.traffic.answer(operation, answer.status, performance.now() - at, expected, detail.slice(0, 300));
    return answer.status;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    ctx.traffic.answer(operation, null, performance.now() - at, expected, `${method} ${path}: ${message}`);
    return null;
  }
}

/** A GET of `path(ctx)` as `who(ctx)` (or a visitor), tallied under `name`. */
const page = (
  name: string,
  weight: number,
  path: (ctx: SoakContext) => string,
  who?: (ctx: SoakContext) => Session,
): Weighted => ({
  name,
  weight,
  run: async (ctx) => {
    await request(ctx, name, 'GET', path(ctx), { as: who?.(ctx) });
  },
});

const course = (ctx: SoakContext) => oneOf(ctx.rand, ctx.world.courses);
const pages = (ctx: SoakContext) => Math.max(1, Math.ceil(ctx.world.courses.length / PAGE_SIZE));
const word = (text: string) => encodeURIComponent(text);

/** A visitor's reads: the home page's lists, course lists, search, course pages, instructors. */
const BROWSING: Weighted[] = [
  page('recently-added-courses', 2, () => '/api/v1/recently-added-courses'),
  page('courses-loved-by-students', 2, () => '/api/v1/courses-loved-by-students'),
  page('get-top4-reviews', 1, () => '/api/v1/get-top4-reviews'),
  page('get-all-category', 1, () => '/api/v1/get-all-category'),
  page('courses?page', 3, (c) => `/api/v1/courses?page=${1 + Math.floor(c.rand() * pages(c))}`),
  page('courses/{cat}', 2, (c) => `/api/v1/courses/${word(oneOf(c.rand, c.world.categories))}`),
  page('search/{q}', 2, (c) => `/api/v1/search/${word(oneOf(c.rand, SEARCH_WORDS))}`),
  page('get-course-details/{id}', 4, (c) => `/api/v1/get-course-details/${course(c).id}`),
  page('get-course-reviews/{id}', 1, (c) => `/api/v1/get-course-reviews/${course(c).id}`),
  page('viewUser/{username}', 1, (c) => `/api/v1/viewUser/${word(oneOf(c.rand, c.world.tutorUsernames))}`),
];

const student = (ctx: SoakContext) => oneOf(ctx.rand, ctx.world.students);
const tutor = (ctx: SoakContext) => oneOf(ctx.rand, ctx.world.tutors);

/** Signed-in users' own data: a student's profile, courses and orders; a tutor's income, balance, courses. */
const AUTHENTICATED_READS: Weighted[] = [
  page('getUserData', 3, () => '/api/v1/getUserData', student),
  page('enrolled-courses', 3, () => '/api/v1/enrolled-courses', student),
  page('order-history', 2, () => '/api/v1/order-history', student),
  page('total-income-tutor', 1, () => '/api/v1/total-income-tutor', tutor),
  page('get-available-balance', 1, () => '/api/v1/get-available-balance', tutor),
  page('get-tutors-courses', 1, () => '/api/v1/get-tutors-courses', tutor),
];

/** A student buys a course they do not have yet: checkout, the sandbox's card page, the callback. */
async function purchase(ctx: SoakContext): Promise<void> {
  let buyer: Session | null = null;
  let bought: SoakCourse | null = null;
  for (let attempt = 0; attempt < 50 && !buyer; attempt += 1) {
    const s = student(ctx);
    const c = course(ctx);
    if (ctx.receipts.claimPurchase(s, c)) {
      buyer = s;
      bought = c;
    }
  }
  if (!buyer || !bought) {
    ctx.traffic.failed(
      'purchase',
      'no student found without the course chosen: too few students for this run',
    );
    return;
  }
  const declined = ctx.rand() < DECLINED_SHARE;
  let outcome: 'paid' | 'declined' | 'not-started' = 'not-started';
  try {
    const result = await buyCourse({
      gw: ctx.gw,
      sandboxUrl: ctx.sandboxUrl,
      keyId: ctx.keyId,
      buyer,
      courseId: bought.id,
      tutorId: bought.tutorId,
      price: bought.price,
      email: `${buyer.username}@soak.liveedu.test`,
      card: declined ? TEST_CARDS.declined : TEST_CARDS.success,
      observe: (step, status, ms) =>
        ctx.traffic.answer(
          step === 'checkout' ? 'purchase: checkout' : 'purchase: callback',
          status,
          ms,
          step === 'checkout' ? [200, 201] : [302, 303],
          `${buyer.username} buying ${bought.id}`,
        ),
    });
    outcome = result.outcome;
    if (result.outcome === 'paid') {
      ctx.receipts.recordPaid({
        orderId: result.orderId,
        paymentId: result.paymentId,
        studentId: buyer.userId,
        courseId: bought.id,
        tutorId: bought.tutorId,
        pricePaise: Math.round(bought.price * 100),
        paidAt: performance.now(),
      });
    } else {
      ctx.receipts.declined += 1;
      if (!declined) ctx.traffic.failed('purchase', `the success card was declined: ${result.message}`);
    }
    if (declined && result.outcome === 'paid')
      ctx.traffic.failed('purchase', 'the declining card was accepted');
  } catch (error) {
    // A checkout the gateway refused is tallied already; the sandbox's page failing is not.
    ctx.traffic.failed('purchase', error instanceof Error ? error.message : String(error));
  } finally {
    ctx.receipts.endPurchase(buyer, bought, outcome);
  }
}

/** A student who bought a course (a while ago) rates and reviews it, or changes an earlier review. */
async function review(ctx: SoakContext): Promise<void> {
  const receipt = ctx.receipts.claimReview((n) => Math.floor(ctx.rand() * n), REVIEW_AFTER_MS);
  // Early in a run nobody has owned a course for long: the write is a purchase instead.
  if (!receipt) return purchase(ctx);
  const reviewer = ctx.world.students.find((s) => s.userId === receipt.studentId)!;
  const rating = 1 + Math.floor(ctx.rand() * 5);
  const status = await request(ctx, 'create-review', 'POST', `/api/v1/create-review/${receipt.courseId}`, {
    as: reviewer,
    body: { rating, review: oneOf(ctx.rand, COMMENTS) },
    expect: [201],
  });
  ctx.receipts.endReview(
    receipt,
    status === 201 ? rating : status === null || status >= 500 ? 'unknown' : null,
  );
}

const WRITES: Weighted[] = [
  { name: 'purchase', weight: PURCHASE_SHARE_OF_WRITES, run: purchase },
  { name: 'review', weight: 1 - PURCHASE_SHARE_OF_WRITES, run: review },
];

function pickWeighted(rand: () => number, list: readonly Weighted[]): Weighted {
  const total = list.reduce((sum, w) => sum + w.weight, 0);
  let at = rand() * total;
  for (const w of list) {
    at -= w.weight;
    if (at < 0) return w;
  }
  return list[list.length - 1]!;
}

export const OPERATIONS: Record<OperationClass, readonly Weighted[]> = {
  browse: BROWSING,
  'authenticated read': AUTHENTICATED_READS,
  write: WRITES,
};

/** One operation of `cls`, chosen by weight from the seeded stream. */
export function runOperation(ctx: SoakContext, cls: OperationClass): Promise<void> {
  return pickWeighted(ctx.rand, OPERATIONS[cls]).run(ctx);
}
