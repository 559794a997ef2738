/**
 * The soak's operations, one user action each: a visitor's page read, a signed-in user's own
 * data, a purchase through the sandbox (one course, one with a coupon, or a cart paid once), a
 * refund request, a review. Each tells the traffic tally what the gateway answered; what it
 * bought, had refunded or reviewed goes into the receipts.
 */
import type { BodyOf, ResponseOf } from '@liveedu/api-client';
import { TEST_CARDS } from '@liveedu/razorpay-sandbox';
import { SEARCH_WORDS } from '../data.ts';
import { call, type Session } from '../http.ts';
import { buyCart, buyCourse, type PurchaseCall } from '../purchase.ts';
import { couponApplies, paidWithCoupon, type SoakCoupon } from './coupons.ts';
import {
  CART_COUPON_SHARE,
  CART_COURSES,
  DECLINED_SHARE,
  SETTLED_AFTER_MS,
  WRITE_SHARES,
} from './options.ts';
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
const COMMENTS = [
  'Clear explanations and good pacing.',
  'Exactly what I needed for my job.',
  'The project made it click for me.',
  'Good, though a few videos could be shorter.',
  'Well structured from start to finish.',
];

const oneOf = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

/** One request through the gateway, tallied under `operation`; answers its status (null: none came) and body. */
async function request(
  ctx: SoakContext,
  operation: string,
  method: string,
  path: string,
  opts: { as?: Session; body?: unknown; expect?: readonly number[] } = {},
): Promise<{ status: number | null; body: unknown }> {
  const expected = opts.expect ?? [200];
  const at = performance.now();
  try {
    const answer = await call(ctx.gw, method, path, { as: opts.as, body: opts.body });
    const detail = expected.includes(answer.status)
      ? ''
      : `${method} ${path}: ${JSON.stringify(answer.body)}`;
    ctx.traffic.answer(operation, answer.status, performance.now() - at, expected, detail.slice(0, 300));
    return { status: answer.status, body: answer.body };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    ctx.traffic.answer(operation, null, performance.now() - at, expected, `${method} ${path}: ${message}`);
    return { status: null, body: null };
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

/** How the tally names a purchase's calls, after its operation: `cart: put cart`, `purchase: checkout`. */
const STEP_NAMES: Record<PurchaseCall, string> = {
  cart: 'put cart',
  checkout: 'checkout',
  callback: 'callback',
};
const CHECKOUT_ANSWERS: Record<PurchaseCall, readonly number[]> = {
  cart: [200],
  checkout: [200, 201],
  callback: [302, 303],
};
const REFUND_REASONS = [
  'The course is not what I expected.',
  'I bought it by mistake.',
  'I found the same material elsewhere.',
];

/** What the soak pays for each course of an order: its price, less the coupon where it applies. */
function priceLines(courses: readonly SoakCourse[], coupon: SoakCoupon | undefined) {
  return courses.map((c) => {
    const pricePaise = Math.round(c.price * 100);
    const applies = coupon !== undefined && couponApplies(coupon, c);
    return {
      course: c,
      pricePaise,
      paidPaise: applies ? paidWithCoupon(pricePaise, coupon) : pricePaise,
      ...(applies ? { couponCode: coupon.code } : {}),
    };
  });
}

/**
 * One order of claimed courses (one course, or a cart) paid through the sandbox, or declined by
 * it; what was paid goes into the receipts, one per course, priced by the soak itself. The pairs
 * are released at the end, bought or declined for good.
 */
async function checkOut(
  ctx: SoakContext,
  operation: 'purchase' | 'coupon purchase' | 'cart',
  buyer: Session,
  courses: readonly SoakCourse[],
  coupon?: SoakCoupon,
): Promise<void> {
  const declined = ctx.rand() < DECLINED_SHARE;
  const lines = priceLines(courses, coupon);
  const owedPaise = lines.reduce((sum, line) => sum + line.paidPaise, 0);
  const what = `${buyer.username} buying ${courses.map((c) => c.id).join(', ')}${coupon ? ` with ${coupon.code}` : ''}`;
  let outcome: 'paid' | 'declined' | 'not-started' = 'not-started';
  try {
    const common = {
      gw: ctx.gw,
      sandboxUrl: ctx.sandboxUrl,
      keyId: ctx.keyId,
      buyer,
      email: `${buyer.username}@soak.liveedu.test`,
      card: declined ? TEST_CARDS.declined : TEST_CARDS.success,
      ...(coupon ? { couponCode: coupon.code } : {}),
      observe: (step: PurchaseCall, status: number | null, ms: number) =>
        ctx.traffic.answer(`${operation}: ${STEP_NAMES[step]}`, status, ms, CHECKOUT_ANSWERS[step], what),
    };
    const only = courses[0]!;
    const result =
      operation === 'cart'
        ? await buyCart({ ...common, courseIds: courses.map((c) => c.id) })
        : await buyCourse({ ...common, courseId: only.id, tutorId: only.tutorId, price: only.price });
    outcome = result.outcome;
    if (result.outcome === 'paid') {
      if (result.orderAmountPaise !== owedPaise) {
        ctx.traffic.failed(
          operation,
          `order ${result.orderId} asked ${result.orderAmountPaise} paise; the coupon's rule makes it ${owedPaise} (${what})`,
        );
      }
      const paidAt = performance.now();
      ctx.receipts.recordOrder(
        lines.map((line) => ({
          orderId: result.orderId,
          paymentId: result.paymentId,
          studentId: buyer.userId,
          courseId: line.course.id,
          tutorId: line.course.tutorId,
          pricePaise: line.pricePaise,
          paidPaise: line.paidPaise,
          ...(line.couponCode ? { couponCode: line.couponCode } : {}),
          ...(coupon ? { orderCoupon: coupon.code } : {}),
          ...(operation === 'cart' ? { cart: true as const } : {}),
          paidAt,
        })),
      );
      // A coupon that took the whole price leaves no card to decline.
      if (declined && owedPaise > 0)
        ctx.traffic.failed(operation, `the declining card was accepted (${what})`);
    } else {
      ctx.receipts.declined += 1;
      if (!declined) ctx.traffic.failed(operation, `the success card was declined: ${result.message}`);
    }
  } catch (error) {
    // A checkout the gateway refused is tallied already; the sandbox's page failing is not.
    ctx.traffic.failed(operation, error instanceof Error ? error.message : String(error));
  } finally {
    for (const c of courses) ctx.receipts.endPurchase(buyer, c, outcome);
  }
}

/** A student buys a course they do not have yet, at its price. */
async function purchase(ctx: SoakContext): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const s = student(ctx);
    const c = course(ctx);
    if (ctx.receipts.claimPurchase(s, c)) return checkOut(ctx, 'purchase', s, [c]);
  }
  ctx.traffic.failed('purchase', 'no student found without the course chosen: too few students for this run');
}

/** A student buys a course with a coupon for it they have not used yet. */
async function couponPurchase(ctx: SoakContext): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const s = student(ctx);
    const coupon = oneOf(ctx.rand, ctx.world.coupons);
    if (ctx.receipts.couponTried(s, coupon)) continue;
    const c = oneOf(
      ctx.rand,
      ctx.world.courses.filter((x) => couponApplies(coupon, x)),
    );
    if (!ctx.receipts.claimPurchase(s, c)) continue;
    if (ctx.receipts.claimCoupon(s, coupon)) return checkOut(ctx, 'coupon purchase', s, [c], coupon);
    ctx.receipts.endPurchase(s, c, 'not-started');
  }
  // Late in a long run the students drawn may have used every coupon, or its uses are all taken.
  return purchase(ctx);
}

/** A student puts 2–3 courses (of different tutors while the picks allow) in the cart and pays once. */
async function cart(ctx: SoakContext): Promise<void> {
  let buyer: Session | undefined;
  for (let attempt = 0; attempt < 20 && !buyer; attempt += 1) {
    const s = student(ctx);
    if (ctx.receipts.claimCart(s)) buyer = s;
  }
  if (!buyer) return purchase(ctx);
  const want = CART_COURSES.min + Math.floor(ctx.rand() * (CART_COURSES.max - CART_COURSES.min + 1));
  const chosen: SoakCourse[] = [];
  for (let attempt = 0; attempt < 60 && chosen.length < want; attempt += 1) {
    const c = course(ctx);
    if (attempt < 30 && chosen.some((x) => x.tutorId === c.tutorId)) continue;
    if (ctx.receipts.claimPurchase(buyer, c)) chosen.push(c);
  }
  try {
    if (chosen.length < CART_COURSES.min) {
      for (const c of chosen) ctx.receipts.endPurchase(buyer, c, 'not-started');
      ctx.traffic.failed(
        'cart',
        `no ${CART_COURSES.min} courses found that ${buyer.username} has not bought`,
      );
      return;
    }
    let coupon: SoakCoupon | undefined;
    if (ctx.rand() < CART_COUPON_SHARE) {
      const usable = ctx.world.coupons.filter(
        (cp) => chosen.some((c) => couponApplies(cp, c)) && !ctx.receipts.couponTried(buyer, cp),
      );
      const pick = usable.length > 0 ? oneOf(ctx.rand, usable) : undefined;
      if (pick && ctx.receipts.claimCoupon(buyer, pick)) coupon = pick;
    }
    await checkOut(ctx, 'cart', buyer, chosen, coupon);
  } finally {
    ctx.receipts.endCart(buyer);
  }
}

/** A student who bought a course (a while ago) rates and reviews it, or changes an earlier review. */
async function review(ctx: SoakContext): Promise<void> {
  const receipt = ctx.receipts.claimReview((n) => Math.floor(ctx.rand() * n), SETTLED_AFTER_MS);
  // Early in a run nobody has owned a course for long: the write is a purchase instead.
  if (!receipt) return purchase(ctx);
  const reviewer = ctx.world.students.find((s) => s.userId === receipt.studentId)!;
  const rating = 1 + Math.floor(ctx.rand() * 5);
  const { status } = await request(
    ctx,
    'create-review',
    'POST',
    `/api/v1/create-review/${receipt.courseId}`,
    {
      as: reviewer,
      body: { rating, review: oneOf(ctx.rand, COMMENTS) },
      expect: [201],
    },
  );
  ctx.receipts.endReview(
    receipt,
    status === 201 ? rating : status === null || status >= 500 ? 'unknown' : null,
  );
}

type RefundAnswer = ResponseOf<'/api/v1/refund-requests', 'post'>;

/**
 * A student asks for a refund of a course bought a while ago (not started, well within 30 days):
 * the rule approves it at once, Razorpay's sandbox refunds it and reports `refund.processed`.
 */
async function refund(ctx: SoakContext): Promise<void> {
  const receipt = ctx.receipts.claimRefund((n) => Math.floor(ctx.rand() * n), SETTLED_AFTER_MS);
  if (!receipt) return purchase(ctx);
  const asker = ctx.world.students.find((s) => s.userId === receipt.studentId)!;
  const body: BodyOf<'/api/v1/refund-requests', 'post'> = {
    orderId: receipt.orderId,
    courseId: receipt.courseId,
    reason: oneOf(ctx.rand, REFUND_REASONS),
  };
  const answer = await request(ctx, 'refund-requests', 'POST', '/api/v1/refund-requests', {
    as: asker,
    body,
    expect: [201],
  });
  const status = answer.status === 201 ? (answer.body as RefundAnswer).status : null;
  // 'refunded' already: Razorpay's report (or a ₹0 line's refund) came before the answer.
  const approved = status === 'approved' || status === 'refunded';
  if (answer.status === 201 && !approved) {
    ctx.traffic.failed(
      'refund',
      `order ${receipt.orderId} course ${receipt.courseId}, bought minutes ago and not started: the request is ${status}, not approved by the rule`,
    );
  }
  ctx.receipts.endRefund(receipt, approved);
}

const WRITES: Weighted[] = [
  { name: 'purchase', weight: WRITE_SHARES.purchase, run: purchase },
  { name: 'coupon purchase', weight: WRITE_SHARES.couponPurchase, run: couponPurchase },
  { name: 'cart', weight: WRITE_SHARES.cart, run: cart },
  { name: 'refund', weight: WRITE_SHARES.refund, run: refund },
  { name: 'review', weight: WRITE_SHARES.review, run: review },
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
