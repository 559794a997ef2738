/**
 * The books, checked against the soak's receipts once every event has been processed and every
 * refund the platform approved has been reported by Razorpay: for every course a payment paid
 * for (one course, or each line of a cart), one paid row of what was paid (payments) and one
 * ledger sale of it (earnings); for every course still owned, one enrollment (the catalog's row,
 * the student's enrolled-courses, the course's count); for every course refunded, its request
 * `refunded`, the row's refund, one ledger refund reversing the sale, and no enrollment left.
 * The tutors' figures follow (80% of what was paid, net of refunds), the admin's revenue is what
 * was paid less what was refunded, each coupon's uses are the orders that used it, and each
 * course's review count the students who reviewed it. Anything missing is lost; anything counted
 * twice, or without a payment (or a refund) behind it, is doubled.
 */
import type { ResponseOf } from '@liveedu/api-client';
import { type Document, MongoClient } from 'mongodb';
import { pause } from '../context.ts';
import { call, mustCall, type Session } from '../http.ts';
import { PAYOUT_HOLD_DAYS } from './options.ts';
import { backlog, drained } from './platform-counters.ts';
import type { OrderCounts, Receipt, Receipts } from './receipts.ts';
import type { SoakWorld } from './seed-through-api.ts';

export interface BookCheck {
  name: string;
  /** How many records (or owners, for totals) the receipts call for. */
  expected: number;
  found: number;
  lost: number;
  /** Counted more than once, or present without a payment behind it. */
  doubled: number;
  /** A few of the differences, for the report. */
  examples: string[];
}

export interface Books {
  /** Courses paid for (a cart's order counts each of its courses). */
  payments: number;
  declined: number;
  orders: OrderCounts;
  /** Courses refunded: approved by the rule, then processed. */
  refunds: number;
  revenueExpectedRupees: number;
  revenueReportedRupees: number | null;
  checks: BookCheck[];
  lost: number;
  doubled: number;
  settleSeconds: number;
  /** false: events were still waiting when the settling time ran out. */
  drained: boolean;
}

const SETTLE_LIMIT_MS = 120_000;
/** Anonymous public answers are cached for a second at the gateway (ADR 7): wait that out. */
const CACHE_SECONDS = 2;
const EXAMPLES = 5;

const pairKey = (studentId: string, courseId: string) => `${studentId}:${courseId}`;

/** Counts of each key in `keys`. */
export function tally(keys: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/**
 * One record per receipt: `found` counts the records under each receipt's key; a key with none
 * is lost, a key with n > 1 counts n − 1 doubled, and a key no receipt has is doubled.
 */
export function onePerReceipt(
  name: string,
  receipts: readonly Receipt[],
  keyOf: (r: Receipt) => string,
  found: Map<string, number>,
): BookCheck {
  const check: BookCheck = { name, expected: receipts.length, found: 0, lost: 0, doubled: 0, examples: [] };
  const wanted = new Set(receipts.map(keyOf));
  const note = (text: string) => check.examples.length < EXAMPLES && check.examples.push(text);
  for (const count of found.values()) check.found += count;
  for (const r of receipts) {
    const n = found.get(keyOf(r)) ?? 0;
    if (n === 0) {
      check.lost += 1;
      note(`missing for order ${r.orderId} (student ${r.studentId}, course ${r.courseId})`);
    } else if (n > 1) {
      check.doubled += n - 1;
      note(`${n} for order ${r.orderId} (student ${r.studentId}, course ${r.courseId})`);
    }
  }
  for (const [key, n] of found) {
    if (!wanted.has(key)) {
      check.doubled += n;
      note(`${n} without a payment behind: ${key}`);
    }
  }
  return check;
}

/** An owner's total against the sum the receipts call for: short is lost, over is doubled. */
export function totalsPerOwner(
  name: string,
  expected: Map<string, number>,
  found: Map<string, number>,
  unit: (n: number) => string,
): BookCheck {
  const check: BookCheck = {
    name,
    expected: expected.size,
    found: found.size,
    lost: 0,
    doubled: 0,
    examples: [],
  };
  for (const [owner, want] of expected) {
    const got = found.get(owner) ?? 0;
    if (got === want) continue;
    if (got < want) check.lost += 1;
    else check.doubled += 1;
    if (check.examples.length < EXAMPLES)
      check.examples.push(`${owner}: ${unit(got)}, expected ${unit(want)}`);
  }
  return check;
}

/** Every page of a paged list, `limit` 100 at a time. */
async function everyPage<T>(
  gw: string,
  path: string,
  as: Session,
  items: (body: Document) => T[],
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page += 1) {
    const body = await mustCall<Document>(gw, 'GET', `${path}?page=${page}&limit=100`, { as });
    all.push(...items(body));
    if (page >= Number(body.pages ?? 1)) return all;
  }
}

/** What the books wait for besides the events: the sandbox's webhooks and Razorpay's refunds. */
interface Waiting {
  /** Webhook deliveries the sandbox has still to make (a refund's `refund.processed`, a decline's `payment.failed`). */
  webhooksPending: () => number;
  /** Refund requests approved whose refund the platform has not processed yet. */
  refundsPending: () => Promise<number>;
}

/**
 * Waits until no event is waiting in any outbox or consumer, no webhook in the sandbox, and no
 * approved refund for Razorpay's report, and the books have had a moment.
 */
async function settle(opts: {
  gw: string;
  platform: Parameters<typeof backlog>[0];
  log: (line: string) => void;
  waiting: Waiting;
}): Promise<{ seconds: number; drained: boolean }> {
  const started = performance.now();
  let quiet = false;
  let last = '';
  while (performance.now() - started < SETTLE_LIMIT_MS) {
    const now = await backlog(opts.platform, opts.gw).catch(() => null);
    const webhooks = opts.waiting.webhooksPending();
    const refunds = await opts.waiting.refundsPending().catch(() => -1);
    if (now && drained(now) && webhooks === 0 && refunds === 0) {
      quiet = true;
      break;
    }
    last = `${webhooks} webhooks to deliver, ${refunds} approved refunds not processed, events ${now && drained(now) ? 'drained' : 'waiting'}`;
    await pause(500);
  }
  if (!quiet)
    opts.log(`  still waiting after ${SETTLE_LIMIT_MS / 1000} s (${last}); checking the books as they are`);
  await pause(CACHE_SECONDS * 1000);
  return { seconds: (performance.now() - started) / 1000, drained: quiet };
}

/** The tutor's share of a sale, as earnings splits it: 80% rounded down to the paisa. */
export const tutorShare = (paidPaise: number) => Math.floor((paidPaise * 80) / 100);
const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

/** Receipts whose course the student still owns: paid, not refunded. */
export const owned = (receipts: readonly Receipt[]) => receipts.filter((r) => r.refundedAt === undefined);
export const refunded = (receipts: readonly Receipt[]) => receipts.filter((r) => r.refundedAt !== undefined);

/** A paid row per course of an order: the order, the payment, the course, what was paid and the coupon that priced it. */
export const paidRowKey = (
  r: Pick<Receipt, 'orderId' | 'paymentId' | 'courseId' | 'paidPaise' | 'couponCode'>,
) => `${r.orderId}/${r.paymentId}/${r.courseId}/${r.paidPaise}/${r.couponCode ?? '-'}`;

/** A ledger line: the sale's amounts, or for its refund the same amounts negative. */
export function ledgerKey(r: Receipt, kind: 'sale' | 'refund'): string {
  const sign = kind === 'refund' ? -1 : 1;
  // 0 - x, never a negative zero, as earnings writes a refund of a ₹0 sale.
  const amount = (paise: number) => String(0 + sign * paise);
  return `${kind}/${r.paymentId}/${r.courseId}/${amount(r.paidPaise)}/${amount(tutorShare(r.paidPaise))}/${r.tutorId}`;
}

/** Each tutor's credit, in paise: 80% of every course of theirs paid for, less the same of those refunded. */
export function creditPerTutor(
  receipts: readonly Receipt[],
  tutorIds: readonly string[],
): Map<string, number> {
  const credit = new Map(tutorIds.map((id) => [id, 0]));
  for (const r of receipts) {
    const share = r.refundedAt === undefined ? tutorShare(r.paidPaise) : 0;
    credit.set(r.tutorId, (credit.get(r.tutorId) ?? 0) + share);
  }
  return credit;
}

/** The platform's revenue, in paise: everything paid, less what was refunded. */
export const revenuePaise = (receipts: readonly Receipt[]) =>
  owned(receipts).reduce((sum, r) => sum + r.paidPaise, 0);

/** Each coupon's uses: the orders checked out with it and paid (one use an order, however many courses). */
export function couponUses(receipts: readonly Receipt[], codes: readonly string[]): Map<string, number> {
  const orders = new Map(codes.map((code) => [code, new Set<string>()]));
  for (const r of receipts) {
    if (!r.orderCoupon) continue;
    const set = orders.get(r.orderCoupon) ?? new Set<string>();
    set.add(r.orderId);
    orders.set(r.orderCoupon, set);
  }
  return new Map([...orders].map(([code, set]) => [code, set.size]));
}

export async function checkBooks(opts: {
  gw: string;
  mongoUrl: string;
  platform: Parameters<typeof backlog>[0];
  world: SoakWorld;
  receipts: Receipts;
  webhooksPending: () => number;
  log: (line: string) => void;
}): Promise<Books> {
  const { gw, world, receipts, log } = opts;
  const client = new MongoClient(opts.mongoUrl);
  const payments = client.db('payments');
  try {
    log('» settling: waiting for every event, webhook and refund to be processed …');
    const settled = await settle({
      ...opts,
      waiting: {
        webhooksPending: opts.webhooksPending,
        refundsPending: () => payments.collection('refund_requests').countDocuments({ status: 'approved' }),
      },
    });
    log(`  settled in ${settled.seconds.toFixed(1)} s`);
    log('» checking the books …');
    const paid = receipts.paid;
    const kept = owned(paid);
    const gone = refunded(paid);
    const checks: BookCheck[] = [];

    const rows = await payments
      .collection('payments')
      .find(
        { success: true },
        {
          projection: {
            razorpay_order_id: 1,
            razorpay_payment_id: 1,
            courseId: 1,
            amountPaise: 1,
            couponCode: 1,
            refund: 1,
          },
        },
      )
      .toArray();
    checks.push(
      onePerReceipt(
        'paid row per course (payments): order, payment, amount paid, coupon',
        paid,
        paidRowKey,
        tally(
          rows.map((row) =>
            paidRowKey({
              orderId: String(row.razorpay_order_id),
              paymentId: String(row.razorpay_payment_id),
              courseId: String(row.courseId),
              paidPaise: Number(row.amountPaise),
              couponCode: row.couponCode as string | undefined,
            }),
          ),
        ),
      ),
    );
    const refundKey = (orderId: string, courseId: string, paise: number) => `${orderId}/${courseId}/${paise}`;
    checks.push(
      onePerReceipt(
        "refund on the course's paid row (payments), of what was paid",
        gone,
        (r) => refundKey(r.orderId, r.courseId, r.paidPaise),
        tally(
          rows
            .filter((row) => row.refund)
            .map((row) =>
              refundKey(String(row.razorpay_order_id), String(row.courseId), Number(row.refund.amountPaise)),
            ),
        ),
      ),
    );
    const requests = await payments
      .collection('refund_requests')
      .find({ status: 'refunded' }, { projection: { orderId: 1, courseId: 1 } })
      .toArray();
    checks.push(
      onePerReceipt(
        'refund request refunded (payments)',
        gone,
        (r) => `${r.orderId}/${r.courseId}`,
        tally(requests.map((q) => `${q.orderId}/${q.courseId}`)),
      ),
    );

    const enrollmentRows = await client
      .db('catalog')
      .collection('enrollments')
      .find({}, { projection: { studentId: 1, courseId: 1 } })
      .toArray();
    checks.push(
      onePerReceipt(
        'enrollment row (catalog), none once refunded',
        kept,
        (r) => pairKey(r.studentId, r.courseId),
        tally(enrollmentRows.map((row) => pairKey(String(row.studentId), String(row.courseId)))),
      ),
    );

    const listed: string[] = [];
    for (const student of world.students) {
      const courses = await everyPage(gw, '/api/v1/enrolled-courses', student, (body) =>
        (body.coursesEnrolled as Array<{ _id: string }>).map((c) => c._id),
      );
      listed.push(...courses.map((courseId) => pairKey(student.userId, courseId)));
    }
    checks.push(
      onePerReceipt(
        "listed in the student's enrolled-courses, not once refunded",
        kept,
        (r) => pairKey(r.studentId, r.courseId),
        tally(listed),
      ),
    );

    const ledgerRows = await client
      .db('earnings')
      .collection('ledger')
      .find(
        {},
        { projection: { kind: 1, paymentId: 1, courseId: 1, grossPaise: 1, tutorPaise: 1, tutorId: 1 } },
      )
      .toArray();
    const lineKey = (row: Document) =>
      `${row.kind === 'refund' ? 'refund' : 'sale'}/${row.paymentId}/${row.courseId}/${row.grossPaise}/${row.tutorPaise}/${row.tutorId}`;
    const isRefund = (row: Document) => row.kind === 'refund';
    checks.push(
      onePerReceipt(
        'ledger sale (earnings): amount paid, 80% to its tutor',
        paid,
        (r) => ledgerKey(r, 'sale'),
        tally(ledgerRows.filter((row) => !isRefund(row)).map(lineKey)),
      ),
    );
    checks.push(
      onePerReceipt(
        'ledger refund (earnings): the sale reversed',
        gone,
        (r) => ledgerKey(r, 'refund'),
        tally(ledgerRows.filter(isRefund).map(lineKey)),
      ),
    );

    // Totals that follow from the rows, read through the gateway as their owners read them.
    const ownedPerCourse = tally(kept.map((r) => r.courseId));
    const enrolledCount = new Map<string, number>();
    const ratingCount = new Map<string, number>();
    for (const course of world.courses) {
      // As the admin: signed-in reads are not served from the gateway's shared cache.
      const page = await mustCall<{ enrolledCount: number; ratingCount: number }>(
        gw,
        'GET',
        `/api/v1/get-course-details/${course.id}`,
        { as: world.admin },
      );
      enrolledCount.set(course.id, page.enrolledCount);
      ratingCount.set(course.id, page.ratingCount);
    }
    const wantEnrolled = new Map(world.courses.map((c) => [c.id, ownedPerCourse.get(c.id) ?? 0]));
    checks.push(
      totalsPerOwner(
        "course's enrolledCount (bought, less refunded)",
        wantEnrolled,
        enrolledCount,
        (n) => `${n} students`,
      ),
    );

    const reviewed = world.courses.filter((c) => !receipts.reviewsInDoubt.has(c.id));
    checks.push(
      totalsPerOwner(
        "course's ratingCount (reviews)",
        new Map(reviewed.map((c) => [c.id, receipts.ratings.get(c.id)?.size ?? 0])),
        new Map(reviewed.map((c) => [c.id, ratingCount.get(c.id) ?? 0])),
        (n) => `${n} reviews`,
      ),
    );

    const credit = creditPerTutor(
      paid,
      world.tutors.map((t) => t.userId),
    );
    const pending = new Map<string, number>();
    const released = new Map<string, number>();
    const income = new Map<string, number>();
    for (const tutor of world.tutors) {
      const b = await mustCall<ResponseOf<'/api/v1/get-available-balance', 'get'>>(
        gw,
        'GET',
        '/api/v1/get-available-balance',
        { as: tutor },
      );
      const i = await mustCall<ResponseOf<'/api/v1/total-income-tutor', 'get'>>(
        gw,
        'GET',
        '/api/v1/total-income-tutor',
        { as: tutor },
      );
      pending.set(tutor.userId, Math.round(b.pending * 100));
      released.set(`${tutor.userId} withdrawable`, Math.round(b.balance * 100));
      released.set(`${tutor.userId} frozen`, Math.round(b.frozen * 100));
      income.set(tutor.userId, Math.round(i.earning * 100));
    }
    checks.push(
      totalsPerOwner(
        `tutor's pending balance (80%, net of refunds, within the ${PAYOUT_HOLD_DAYS}-day hold)`,
        credit,
        pending,
        rupees,
      ),
    );
    checks.push(
      totalsPerOwner(
        "tutor's withdrawable and frozen balance (nothing out of the hold, no disputes)",
        new Map(
          world.tutors.flatMap((t) => [
            [`${t.userId} withdrawable`, 0] as const,
            [`${t.userId} frozen`, 0] as const,
          ]),
        ),
        released,
        rupees,
      ),
    );
    checks.push(totalsPerOwner("tutor's total-income-tutor (80%, net of refunds)", credit, income, rupees));

    const revenueExpected = revenuePaise(paid);
    const revenue = await call<{ money?: number }>(gw, 'GET', '/api/v1/getTotalRevnue', { as: world.admin });
    const revenueReported =
      revenue.status === 200 && typeof revenue.body.money === 'number' ? revenue.body.money : null;
    checks.push(
      totalsPerOwner(
        "admin's getTotalRevnue = paid less refunded",
        new Map([['revenue', revenueExpected]]),
        new Map(revenueReported === null ? [] : [['revenue', Math.round(revenueReported * 100)]]),
        rupees,
      ),
    );

    const coupons = await everyPage(gw, '/api/v1/coupons', world.admin, (body) =>
      (body as ResponseOf<'/api/v1/coupons', 'get'>).data.map((c) => [c.code, c.used] as const),
    );
    checks.push(
      totalsPerOwner(
        "coupon's used = orders paid with it",
        couponUses(
          paid,
          world.coupons.map((c) => c.code),
        ),
        new Map(coupons),
        (n) => `${n} uses`,
      ),
    );

    return {
      payments: paid.length,
      declined: receipts.declined,
      orders: { ...receipts.orders },
      refunds: gone.length,
      revenueExpectedRupees: revenueExpected / 100,
      revenueReportedRupees: revenueReported,
      checks,
      lost: checks.reduce((sum, c) => sum + c.lost, 0),
      doubled: checks.reduce((sum, c) => sum + c.doubled, 0),
      settleSeconds: settled.seconds,
      drained: settled.drained,
    };
  } finally {
    await client.close();
  }
}
