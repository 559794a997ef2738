/**
 * Refunds by the visible rule and disputes, through the gateway against the Razorpay sandbox: a
 * request within 30 days and under 30% completed is refunded at once, any other waits for the
 * admin; Razorpay's `refund.processed` ends the enrollment, revokes the certificate and debits
 * the tutor's and the platform's shares, each exactly once; a dispute freezes the sale's credit
 * until it closes.
 */
import {
  PAYMENTS_DISPUTE_CLOSED,
  PAYMENTS_DISPUTE_CREATED,
  PAYMENTS_REFUND_PROCESSED,
} from '@liveedu/contracts';
import { settleRefunds } from '@liveedu/payments';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countPublished } from '../support/events.ts';
import {
  articleItem,
  checkout,
  courseDetails,
  courseWithItems,
  deliverWebhook,
  enrolledTimes,
  moneyFigure,
  newTutor,
  type Purchasable,
  payAndReturn,
  quizItem,
  razorpayEntity,
  razorpayEvent,
  readOk,
  sandboxOf,
} from '../support/flows.ts';
import { purchaseStack } from '../support/platform.ts';
import { eventually, type Session, type TestStack } from '../support/stack.ts';

/** A refund request as the student reads it (the admin's adds `user`). */
interface RefundRequest {
  _id: string;
  orderId: string;
  courseId: string;
  courseTitle: string;
  amount: number;
  reason: string;
  status: 'pending' | 'approved' | 'rejected' | 'refunded' | 'failed';
  rule: string;
  refundableUntil: string;
  completedPercent?: number;
  createdAt: string;
  decidedBy?: 'rule' | 'admin';
  note?: string;
  refundedAt?: string;
  failureReason?: string;
  user?: { _id: string; username: string };
}
interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  pages: number;
}
interface HistoryLine {
  _id: string;
  razorpay_order_id: string;
  courseEnrolled: { _id: string };
  success: boolean;
  refund?: {
    refundableUntil: string;
    completedPercent?: number;
    refundable: boolean;
    rule: string;
    standing: string;
    status?: RefundRequest['status'];
    requestId?: string;
  };
}

const RULE = 'Refundable within 30 days of purchase while under 30% of the course is completed';
const DAY_MS = 24 * 60 * 60 * 1000;

let stack: TestStack;
let tutor: Session;
let admin: Session;

beforeAll(async () => {
  ({ stack, admin } = await purchaseStack());
  tutor = await newTutor(stack, 'refundtutor');
}, 120_000);
afterAll(() => stack?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rupees = (value: number) => Math.round(value * 100) / 100;

/** A course of the tutor's with these items, at `price` rupees; its page and item ids. */
async function newCourse(title: string, items: unknown[], price: number) {
  const { courseId, itemIds } = await courseWithItems(stack, tutor, items, { title, price });
  return { course: await courseDetails(stack, courseId, tutor), itemIds };
}

/** The student buys the course on the sandbox with the success card, and is enrolled. */
async function buy(student: Session, course: Purchasable): Promise<{ orderId: string; paymentId: string }> {
  const created = await checkout(stack, student, course);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const orderId = created.body.orderId;
  await payAndReturn(stack, student, orderId, course);
  await eventually(
    async () => ((await enrolledTimes(stack, course._id, student)) > 0 ? true : undefined),
    20_000,
    'enrollment',
  );
  const row = await paymentsDb().collection('payments').findOne({ razorpay_order_id: orderId });
  return { orderId, paymentId: String(row?.razorpay_payment_id) };
}

function paymentsDb() {
  const db = stack.services.payments?.app.db;
  if (!db) throw new Error('payments is not running');
  return db;
}

const askRefund = (student: Session, body: Record<string, unknown>) =>
  stack.call<RefundRequest>('POST', '/api/v1/refund-requests', { as: student, body });

async function myRequest(student: Session, id: string): Promise<RefundRequest | undefined> {
  const mine = await readOk<Paged<RefundRequest>>(stack, '/api/v1/refund-requests', student);
  return mine.data.find((request) => request._id === id);
}

const refundedIn = (student: Session, id: string, status: RefundRequest['status'] = 'refunded') =>
  eventually(
    async () => {
      const request = await myRequest(student, id);
      return request?.status === status ? request : undefined;
    },
    20_000,
    `request ${status}`,
  );

async function historyLine(student: Session, orderId: string): Promise<HistoryLine> {
  const history = await readOk<Paged<HistoryLine>>(stack, '/api/v1/order-history', student);
  const line = history.data.find((row) => row.razorpay_order_id === orderId);
  if (!line) throw new Error(`no history line of ${orderId}`);
  return line;
}

async function enrolledCourseIds(student: Session): Promise<string[]> {
  const enrolled = await readOk<{ coursesEnrolled: Array<{ _id: string }> }>(
    stack,
    '/api/v1/enrolled-courses',
    student,
  );
  return enrolled.coursesEnrolled.map((course) => course._id);
}

const enrolledCount = async (courseId: string) =>
  ((await courseDetails(stack, courseId)) as unknown as { enrolledCount: number }).enrolledCount;

/** Tutor income, admin revenue and admin profit, in rupees. */
async function ledger() {
  return {
    tutor: await moneyFigure(stack, tutor, '/api/v1/total-income-tutor'),
    revenue: await moneyFigure(stack, admin, '/api/v1/getTotalRevnue'),
    profit: await moneyFigure(stack, admin, '/api/v1/getTotalRevenueTwentyPercent'),
  };
}
type Ledger = Awaited<ReturnType<typeof ledger>>;

/** Waits until the figures read `expected`. */
const ledgerReads = (expected: Ledger, what: string) =>
  eventually(
    async () => {
      const now = await ledger();
      return JSON.stringify(now) === JSON.stringify(expected) ? now : undefined;
    },
    20_000,
    what,
  );
const plusSale = (before: Ledger, price: number): Ledger => ({
  tutor: rupees(before.tutor + price * 0.8),
  revenue: rupees(before.revenue + price),
  profit: rupees(before.profit + price * 0.2),
});

/** How many messages of `type` the payments stream holds whose data names `key: value`. */
const published = (type: string, key: string, value: string) =>
  countPublished(stack.services.payments, 'payments', type, { [key]: value });

/** Razorpay's `refund.processed` for a payment's latest refund, as it would deliver it again. */
async function refundProcessedEvent(paymentId: string) {
  const refunds = (await razorpayEntity(stack, `payments/${paymentId}/refunds`)) as {
    items: Array<{ id: string }>;
  };
  const refundId = refunds.items[0]?.id;
  return razorpayEvent('refund.processed', {
    refund: await razorpayEntity(stack, `payments/${paymentId}/refunds/${refundId}`),
    payment: await razorpayEntity(stack, `payments/${paymentId}`),
  });
}

async function certificatesOf(student: Session) {
  return readOk<Array<{ certificateId: string; courseId: string }>>(stack, '/api/v1/certificates', student);
}

describe('refunds by the visible rule', () => {
  it('refunds at once within 30 days under 30% completed: enrollment, count, certificate and ledger reversed once', async () => {
    // An article and three quizzes nobody requires: reading the article finishes the course
    // (a certificate) while only 25% of its items are completed.
    const { course, itemIds } = await newCourse(
      'Reading Ledgers',
      [articleItem('Double entry'), quizItem('Check one'), quizItem('Check two'), quizItem('Check three')],
      499,
    );
    const student = await stack.newUser('refunder');
    const before = await ledger();
    const { orderId, paymentId } = await buy(student, course);
    await ledgerReads(plusSale(before, 499), 'the sale credited');

    const fresh = await historyLine(student, orderId);
    expect(fresh.refund).toEqual({
      refundableUntil: expect.any(String),
      completedPercent: 0,
      refundable: true,
      rule: RULE,
      standing: expect.stringMatching(/^refundable until \d{1,2} [A-Z][a-z]{2,3}, 0% completed$/),
    });
    expect(new Date(fresh.refund!.refundableUntil).getTime() - Date.now()).toBeGreaterThan(29 * DAY_MS);

    const read = await stack.call('PUT', `/api/v1/progress/${course._id}/${itemIds[0]}`, {
      as: student,
      body: { completed: true },
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const [certificate] = await eventually(async () => {
      const mine = await certificatesOf(student);
      return mine.length > 0 ? mine : undefined;
    });
    expect(certificate?.courseId).toBe(course._id);
    expect((await historyLine(student, orderId)).refund).toMatchObject({
      completedPercent: 25,
      refundable: true,
    });
    const countBefore = await enrolledCount(course._id);

    const asked = await askRefund(student, { orderId, courseId: course._id, reason: 'Not what I expected' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({
      orderId,
      courseId: course._id,
      courseTitle: 'Reading Ledgers',
      amount: 499,
      reason: 'Not what I expected',
      decidedBy: 'rule',
      completedPercent: 25,
      rule: RULE,
    });
    expect(['approved', 'refunded']).toContain(asked.body.status);
    const refunded = await refundedIn(student, asked.body._id);
    expect(refunded.refundedAt).toEqual(expect.any(String));
    expect(await razorpayEntity(stack, `payments/${paymentId}`)).toMatchObject({
      amount_refunded: 49_900,
      refund_status: 'full',
    });

    // The catalog ends the enrollment and revokes the certificate; earnings debits both shares.
    await eventually(async () =>
      (await enrolledCourseIds(student)).includes(course._id) ? undefined : true,
    );
    expect(await enrolledCount(course._id)).toBe(countBefore - 1);
    const learn = await stack.call('GET', `/api/v1/learn-course/${course._id}/user/${student._id}`, {
      as: student,
    });
    expect(learn.status).toBe(403);
    expect((await stack.call('GET', `/api/v1/progress/${course._id}`, { as: student })).status).toBe(403);
    await eventually(async () => ((await certificatesOf(student)).length === 0 ? true : undefined));
    const shown = await readOk<{ revoked: boolean; revokedAt?: string; courseTitle: string }>(
      stack,
      `/api/v1/certificates/${certificate!.certificateId}`,
    );
    expect(shown).toMatchObject({
      revoked: true,
      revokedAt: expect.any(String),
      courseTitle: 'Reading Ledgers',
    });
    const pdf = await fetch(`${stack.url}/api/v1/certificates/${certificate!.certificateId}/pdf`);
    const parser = new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain('the course was refunded');
    const after = await ledgerReads(before, 'the sale debited');

    // Razorpay delivering refund.processed three more times changes nothing more.
    const event = await refundProcessedEvent(paymentId);
    for (let i = 0; i < 3; i++) {
      expect((await deliverWebhook(stack, event, `evt_again_${i}_${paymentId}`)).status).toBe(200);
    }
    await sleep(2_000);
    expect(await published(PAYMENTS_REFUND_PROCESSED, 'orderId', orderId)).toBe(1);
    expect(await enrolledCount(course._id)).toBe(countBefore - 1);
    expect(await ledger()).toEqual(after);
    expect((await historyLine(student, orderId)).refund).toMatchObject({
      status: 'refunded',
      requestId: asked.body._id,
      refundable: false,
    });

    // Refunded is final for that line; the course may be bought again.
    const again = await askRefund(student, { orderId, courseId: course._id, reason: 'Again' });
    expect(again).toMatchObject({ status: 409, body: { message: 'This course was refunded already' } });
    expect((await checkout(stack, student, course)).status).toBe(200);
  });

  it('sends 30% or more to the admin, who approves it: refunded and reversed', async () => {
    const { course, itemIds } = await newCourse(
      'Auditing Basics',
      [articleItem('Vouchers'), articleItem('Trial balance'), quizItem('Audit check')],
      799,
    );
    const student = await stack.newUser('halfway');
    const before = await ledger();
    const { orderId, paymentId } = await buy(student, course);
    const sold = await ledgerReads(plusSale(before, 799), 'the sale credited');
    await stack.call('PUT', `/api/v1/progress/${course._id}/${itemIds[0]}`, {
      as: student,
      body: { completed: true },
    });
    expect((await historyLine(student, orderId)).refund).toMatchObject({
      completedPercent: 33,
      refundable: false,
      standing: '33% completed, past the 30% a refund allows',
    });

    const asked = await askRefund(student, { orderId, courseId: course._id, reason: 'Too advanced for me' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({ status: 'pending', completedPercent: 33 });
    expect(asked.body.decidedBy).toBeUndefined();
    // One open request per line, however it is asked.
    const twice = await askRefund(student, { orderId, courseId: course._id, reason: 'Please' });
    expect(twice).toMatchObject({
      status: 409,
      body: { message: 'A refund of this course was asked for already' },
    });
    await sleep(1_000);
    expect(await ledger()).toEqual(sold);

    const queue = await readOk<Paged<RefundRequest>>(
      stack,
      '/api/v1/admin/refund-requests?status=pending',
      admin,
    );
    expect(queue.data.find((request) => request._id === asked.body._id)).toMatchObject({
      status: 'pending',
      user: { _id: student._id, username: student.username },
      amount: 799,
    });
    expect(queue.data.every((request) => request.status === 'pending')).toBe(true);

    const approved = await stack.call<RefundRequest>(
      'PUT',
      `/api/v1/admin/refund-requests/${asked.body._id}`,
      {
        as: admin,
        body: { decision: 'approve', note: 'Refunded as a courtesy' },
      },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ decidedBy: 'admin', note: 'Refunded as a courtesy' });
    const decidedAgain = await stack.call('PUT', `/api/v1/admin/refund-requests/${asked.body._id}`, {
      as: admin,
      body: { decision: 'reject' },
    });
    expect(decidedAgain).toMatchObject({
      status: 409,
      body: { message: 'This refund request was decided already' },
    });

    await refundedIn(student, asked.body._id);
    expect(await razorpayEntity(stack, `payments/${paymentId}`)).toMatchObject({ amount_refunded: 79_900 });
    await eventually(async () =>
      (await enrolledCourseIds(student)).includes(course._id) ? undefined : true,
    );
    await ledgerReads(before, 'the sale debited');
    const refundedQueue = await readOk<Paged<RefundRequest>>(
      stack,
      '/api/v1/admin/refund-requests?status=refunded&limit=100',
      admin,
    );
    expect(refundedQueue.data.map((request) => request._id)).toContain(asked.body._id);
  });

  it('sends a request after 30 days to the admin, who rejects it: nothing is reversed', async () => {
    const { course } = await newCourse('Tax Season', [articleItem('Returns'), quizItem('Tax check')], 649);
    const student = await stack.newUser('latecomer');
    const before = await ledger();
    const { orderId, paymentId } = await buy(student, course);
    const sold = await ledgerReads(plusSale(before, 649), 'the sale credited');
    // Paid 31 days ago, as the row of an older purchase says.
    await paymentsDb()
      .collection('payments')
      .updateOne({ razorpay_order_id: orderId }, { $set: { paidAt: new Date(Date.now() - 31 * DAY_MS) } });
    expect((await historyLine(student, orderId)).refund).toMatchObject({
      completedPercent: 0,
      refundable: false,
      standing: expect.stringMatching(/^refund window ended \d{1,2} [A-Z][a-z]{2,3}, 0% completed$/),
    });

    const asked = await askRefund(student, { orderId, courseId: course._id, reason: 'Forgot to ask' });
    expect(asked.body).toMatchObject({ status: 'pending', completedPercent: 0 });
    const rejected = await stack.call<RefundRequest>(
      'PUT',
      `/api/v1/admin/refund-requests/${asked.body._id}`,
      {
        as: admin,
        body: { decision: 'reject', note: 'Past the refund window' },
      },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      decidedBy: 'admin',
      note: 'Past the refund window',
    });

    await sleep(1_500);
    expect(await enrolledCourseIds(student)).toContain(course._id);
    expect(await ledger()).toEqual(sold);
    expect(await razorpayEntity(stack, `payments/${paymentId}`)).toMatchObject({ amount_refunded: 0 });
    expect((await historyLine(student, orderId)).refund).toMatchObject({ status: 'rejected' });
    // A rejected request lets the line be asked about again.
    const again = await askRefund(student, { orderId, courseId: course._id, reason: 'Reconsider, please' });
    expect(again.body).toMatchObject({ status: 'pending' });
  });

  it('leaves everything as it was when Razorpay fails the refund, and the student may ask again', async () => {
    const { course } = await newCourse(
      'Bank Reconciliation',
      [articleItem('Statements'), quizItem('Match')],
      999,
    );
    const student = await stack.newUser('bounced');
    const before = await ledger();
    const { orderId, paymentId } = await buy(student, course);
    const sold = await ledgerReads(plusSale(before, 999), 'the sale credited');
    sandboxOf(stack).setRefundOutcome(paymentId, { outcome: 'failed', reason: 'The account is closed' });

    const asked = await askRefund(student, { orderId, courseId: course._id, reason: 'Changed my mind' });
    expect(asked.status).toBe(201);
    const failed = await refundedIn(student, asked.body._id, 'failed');
    expect(failed.failureReason).toBe('The account is closed');
    await sleep(1_500);
    expect(await enrolledCourseIds(student)).toContain(course._id);
    expect(await ledger()).toEqual(sold);
    expect(await published(PAYMENTS_REFUND_PROCESSED, 'orderId', orderId)).toBe(0);

    sandboxOf(stack).setRefundOutcome(paymentId, { outcome: 'processed' });
    const again = await askRefund(student, { orderId, courseId: course._id, reason: 'Trying again' });
    expect(again.status).toBe(201);
    await refundedIn(student, again.body._id);
    await ledgerReads(before, 'the sale debited');
  });

  it('keeps an approved refund Razorpay could not be reached for, and asks again later', async () => {
    const { course } = await newCourse('Cash Flow', [articleItem('Inflows'), quizItem('Flow check')], 549);
    const student = await stack.newUser('patient');
    const { orderId, paymentId } = await buy(student, course);
    sandboxOf(stack).setRefundOutcome(paymentId, { outcome: 'unavailable' });
    const asked = await askRefund(student, { orderId, courseId: course._id, reason: 'Wrong course' });
    expect(asked.body).toMatchObject({ status: 'approved', decidedBy: 'rule' });
    await sleep(1_000);
    expect((await myRequest(student, asked.body._id))?.status).toBe('approved');
    expect(await razorpayEntity(stack, `payments/${paymentId}`)).toMatchObject({ amount_refunded: 0 });

    // Razorpay is back: the next sweep asks for the refund, once.
    sandboxOf(stack).setRefundOutcome(paymentId, { outcome: 'processed' });
    const payments = stack.services.payments;
    if (!payments) throw new Error('payments is not running');
    await Promise.all([settleRefunds(payments.app), settleRefunds(payments.app)]);
    await refundedIn(student, asked.body._id);
    const refunds = (await razorpayEntity(stack, `payments/${paymentId}/refunds`)) as { count: number };
    expect(refunds.count).toBe(1);
  });

  it('refunds a course a coupon paid whole at once, without Razorpay', async () => {
    const { course } = await newCourse('Petty Cash', [articleItem('Vouchers'), quizItem('Cash check')], 399);
    const code = `FREE${Date.now().toString(36)}`.toUpperCase();
    const coupon = await stack.call('POST', '/api/v1/coupons', {
      as: tutor,
      body: {
        code,
        courseId: course._id,
        percentOff: 100,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(201);
    const student = await stack.newUser('couponed');
    const before = await ledger();
    const placed = await stack.call<{ orderId: string; paid: boolean }>('POST', '/api/v1/checkout', {
      as: student,
      body: { course: course._id, paymentBy: student._id, couponCode: code },
    });
    expect(placed.body).toMatchObject({ paid: true });
    const orderId = placed.body.orderId;
    await eventually(async () =>
      (await enrolledCourseIds(student)).includes(course._id) ? true : undefined,
    );

    const asked = await askRefund(student, {
      orderId,
      courseId: course._id,
      reason: 'Took the wrong course',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({ amount: 0, decidedBy: 'rule' });
    await refundedIn(student, asked.body._id);
    await eventually(async () =>
      (await enrolledCourseIds(student)).includes(course._id) ? undefined : true,
    );
    expect(await published(PAYMENTS_REFUND_PROCESSED, 'orderId', orderId)).toBe(1);
    expect(await ledger()).toEqual(before);
  });

  it("answers another student's order, an unpaid one and an unknown one with 404, and bad input with 400", async () => {
    const { course } = await newCourse('Payroll', [articleItem('Salaries'), quizItem('Pay check')], 299);
    const owner = await stack.newUser('owner');
    const { orderId } = await buy(owner, course);
    const stranger = await stack.newUser('stranger');
    const notFound = { status: 404, body: { message: 'Order not found' } };
    expect(await askRefund(stranger, { orderId, courseId: course._id, reason: 'Mine now' })).toMatchObject(
      notFound,
    );
    const unpaid = (await checkout(stack, stranger, course)).body.orderId;
    expect(await askRefund(stranger, { orderId: unpaid, courseId: course._id, reason: 'x' })).toMatchObject(
      notFound,
    );
    expect(
      await askRefund(owner, { orderId: 'order_Unknown0000000', courseId: course._id, reason: 'x' }),
    ).toMatchObject(notFound);

    for (const body of [
      {},
      { orderId, courseId: course._id },
      { orderId, courseId: course._id, reason: '   ' },
      { orderId, courseId: course._id, reason: 'x'.repeat(1_001) },
      { orderId, courseId: 'not-an-id', reason: 'x' },
      { orderId: 'order/../x', courseId: course._id, reason: 'x' },
      { orderId: { $ne: '' }, courseId: course._id, reason: 'x' },
    ]) {
      const answer = await askRefund(owner, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body)).toEqual(['message']);
    }
    expect(await readOk<Paged<RefundRequest>>(stack, '/api/v1/refund-requests', stranger)).toMatchObject({
      data: [],
      total: 0,
    });

    // Only the admin decides, and reads the queue.
    const asked = await askRefund(owner, { orderId, courseId: course._id, reason: 'Duplicate purchase' });
    expect(asked.status).toBe(201);
    for (const who of [owner, tutor]) {
      const decided = await stack.call('PUT', `/api/v1/admin/refund-requests/${asked.body._id}`, {
        as: who,
        body: { decision: 'approve' },
      });
      expect(decided.status).toBe(403);
      expect((await stack.call('GET', '/api/v1/admin/refund-requests', { as: who })).status).toBe(403);
    }
    const missing = await stack.call('PUT', '/api/v1/admin/refund-requests/0123456789abcdef01234567', {
      as: admin,
      body: { decision: 'approve' },
    });
    expect(missing).toMatchObject({ status: 404, body: { message: 'Refund request not found' } });
    const badDecision = await stack.call('PUT', `/api/v1/admin/refund-requests/${asked.body._id}`, {
      as: admin,
      body: { decision: 'maybe' },
    });
    expect(badDecision.status).toBe(400);
    const badStatus = await stack.call('GET', '/api/v1/admin/refund-requests?status=lost', { as: admin });
    expect(badStatus.status).toBe(400);
  });
});

describe('disputes', () => {
  it("freezes the sale's credit from payment.dispute.created until it closes, each published once", async () => {
    const { course } = await newCourse(
      'Chargebacks',
      [articleItem('Disputes'), quizItem('Dispute check')],
      1_299,
    );
    const student = await stack.newUser('disputer');
    const { paymentId } = await buy(student, course);
    const balance = () =>
      readOk<{ frozen: number; pending: number }>(stack, '/api/v1/get-available-balance', tutor);
    const before = await balance();

    const dispute = sandboxOf(stack).raiseDispute(paymentId, { reasonCode: 'fraudulent' });
    await eventually(
      async () => ((await balance()).frozen === rupees(before.frozen + 1_299 * 0.8) ? true : undefined),
      20_000,
      'the credit frozen',
    );
    sandboxOf(stack).closeDispute(dispute.id, 'won');
    await eventually(
      async () => ((await balance()).frozen === before.frozen ? true : undefined),
      20_000,
      'the credit let go',
    );
    expect(await published(PAYMENTS_DISPUTE_CREATED, 'disputeId', dispute.id)).toBe(1);
    expect(await published(PAYMENTS_DISPUTE_CLOSED, 'disputeId', dispute.id)).toBe(1);
    const stored = await paymentsDb()
      .collection('disputes')
      .findOne({ _id: dispute.id as never });
    expect(stored).toMatchObject({ paymentId, status: 'won', closedAt: expect.any(Date) });
    expect(stored?.lines).toEqual([{ courseId: course._id, tutorId: tutor._id, amountPaise: 129_900 }]);
  });
});
