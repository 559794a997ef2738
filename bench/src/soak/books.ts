/**
 * The books, checked against the soak's receipts once every event has been processed: for every
 * payment the sandbox accepted, one paid order (payments), one enrollment (the catalog's row, the
 * student's enrolled-courses, the course's count) and one ledger credit (earnings, and the
 * tutor's balance and income that follow from it); the admin's revenue equal to the sum of those
 * payments; each course's review count equal to the students who reviewed it. Anything missing is
 * lost; anything counted twice, or without a payment behind it, is doubled.
 */
import { type Document, MongoClient } from 'mongodb';
import { pause } from '../context.ts';
import { call, mustCall, type Session } from '../http.ts';
import { backlog, drained } from './platform-counters.ts';
import type { Receipt, Receipts } from './receipts.ts';
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
  payments: number;
  declined: number;
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

/** Waits until no event is waiting in any outbox or consumer, and the books have had a moment. */
async function settle(opts: {
  gw: string;
  platform: Parameters<typeof backlog>[0];
  log: (line: string) => void;
}): Promise<{ seconds: number; drained: boolean }> {
  const started = performance.now();
  let quiet = false;
  while (performance.now() - started < SETTLE_LIMIT_MS) {
    const now = await backlog(opts.platform, opts.gw).catch(() => null);
    if (now && drained(now)) {
      quiet = true;
      break;
    }
    await pause(500);
  }
  if (!quiet)
    opts.log(`  events still waiting after ${SETTLE_LIMIT_MS / 1000} s; checking the books as they are`);
  await pause(CACHE_SECONDS * 1000);
  return { seconds: (performance.now() - started) / 1000, drained: quiet };
}

const tutorShare = (pricePaise: number) => Math.floor((pricePaise * 80) / 100);
const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

export async function checkBooks(opts: {
  gw: string;
  mongoUrl: string;
  platform: Parameters<typeof backlog>[0];
  world: SoakWorld;
  receipts: Receipts;
  log: (line: string) => void;
}): Promise<Books> {
  const { gw, world, receipts, log } = opts;
  log('» settling: waiting for every event to be processed …');
  const settled = await settle(opts);
  log(`  settled in ${settled.seconds.toFixed(1)} s`);
  log('» checking the books …');
  const paid = receipts.paid;
  const client = new MongoClient(opts.mongoUrl);
  const checks: BookCheck[] = [];
  try {
    const successRows = await client
      .db('payments')
      .collection('payments')
      .find(
        { success: true },
        { projection: { razorpay_order_id: 1, razorpay_payment_id: 1, amountPaise: 1 } },
      )
      .toArray();
    checks.push(
      onePerReceipt(
        'order marked paid (payments)',
        paid,
        (r) => `${r.orderId}/${r.paymentId}/${r.pricePaise}`,
        tally(
          successRows.map((row) => `${row.razorpay_order_id}/${row.razorpay_payment_id}/${row.amountPaise}`),
        ),
      ),
    );

    const enrollmentRows = await client
      .db('catalog')
      .collection('enrollments')
      .find({}, { projection: { studentId: 1, courseId: 1 } })
      .toArray();
    checks.push(
      onePerReceipt(
        'enrollment row (catalog)',
        paid,
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
        "listed in the student's enrolled-courses",
        paid,
        (r) => pairKey(r.studentId, r.courseId),
        tally(listed),
      ),
    );

    const ledgerRows = await client
      .db('earnings')
      .collection('ledger')
      .find({}, { projection: { paymentId: 1, grossPaise: 1, tutorPaise: 1, tutorId: 1 } })
      .toArray();
    checks.push(
      onePerReceipt(
        'ledger credit (earnings), amount and tutor as paid',
        paid,
        (r) => `${r.paymentId}/${r.pricePaise}/${tutorShare(r.pricePaise)}/${r.tutorId}`,
        tally(ledgerRows.map((row) => `${row.paymentId}/${row.grossPaise}/${row.tutorPaise}/${row.tutorId}`)),
      ),
    );

    // Totals that follow from the rows, read through the gateway as their owners read them.
    const boughtPerCourse = tally(paid.map((r) => r.courseId));
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
    const wantEnrolled = new Map(world.courses.map((c) => [c.id, boughtPerCourse.get(c.id) ?? 0]));
    checks.push(
      totalsPerOwner("course's enrolledCount", wantEnrolled, enrolledCount, (n) => `${n} students`),
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

    const creditPerTutor = new Map(world.tutors.map((t) => [t.userId, 0]));
    for (const r of paid)
      creditPerTutor.set(r.tutorId, (creditPerTutor.get(r.tutorId) ?? 0) + tutorShare(r.pricePaise));
    const balance = new Map<string, number>();
    const income = new Map<string, number>();
    for (const tutor of world.tutors) {
      const b = await mustCall<{ earnings: number }>(gw, 'GET', '/api/v1/get-available-balance', {
        as: tutor,
      });
      const i = await mustCall<{ earning: number }>(gw, 'GET', '/api/v1/total-income-tutor', { as: tutor });
      balance.set(tutor.userId, Math.round(b.earnings * 100));
      income.set(tutor.userId, Math.round(i.earning * 100));
    }
    checks.push(totalsPerOwner("tutor's get-available-balance (80%)", creditPerTutor, balance, rupees));
    checks.push(totalsPerOwner("tutor's total-income-tutor (80%)", creditPerTutor, income, rupees));

    const revenueExpected = paid.reduce((sum, r) => sum + r.pricePaise, 0);
    const revenue = await call<{ money?: number }>(gw, 'GET', '/api/v1/getTotalRevnue', { as: world.admin });
    const revenueReported =
      revenue.status === 200 && typeof revenue.body.money === 'number' ? revenue.body.money : null;
    checks.push(
      totalsPerOwner(
        "admin's getTotalRevnue = sum of payments",
        new Map([['revenue', revenueExpected]]),
        new Map(revenueReported === null ? [] : [['revenue', Math.round(revenueReported * 100)]]),
        rupees,
      ),
    );

    return {
      payments: paid.length,
      declined: receipts.declined,
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
