import { createHmac } from 'node:crypto';
import type {
  AdminPaymentRecord,
  CourseDetails,
  MessageResponse,
  PaymentRecord,
  ResponseOf,
} from '@liveedu/api-client';
import { TEST_CARDS } from '@liveedu/razorpay-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as flows from '../support/flows.ts';
import {
  callbackFor,
  callbackUrl,
  checkout,
  courseDetails,
  createCourse,
  enrolledTimes,
  moneyFigure,
  newTutor,
  payOnSandbox,
  postCallback,
  sandboxOf,
} from '../support/flows.ts';
import { PURCHASE_SERVICES } from '../support/platform.ts';
import { eventually, type Session, startTestStack, type TestStack } from '../support/stack.ts';

/** A row of any payment history; the admin's carries its buyer. */
type PaymentRow = PaymentRecord & Partial<Pick<AdminPaymentRecord, 'user'>>;
type Paged<T> = Omit<ResponseOf<'/api/v1/order-history', 'get'>, 'data'> & { data: T[] };

/** A course of the tutor's, as its page shows it. */
async function createPaidCourse(stack: TestStack, tutor: Session, title: string, price: number) {
  return courseDetails(stack, await createCourse(stack, tutor, { title, price }), tutor);
}

async function orderHistory(stack: TestStack, who: Session, path = '/api/v1/order-history') {
  const history = await stack.call<Paged<PaymentRow>>('GET', path, { as: who });
  expect(history.status).toBe(200);
  return history.body.data;
}

async function rowFor(stack: TestStack, who: Session, orderId: string): Promise<PaymentRow> {
  const row = (await orderHistory(stack, who)).find((r) => r.razorpay_order_id === orderId);
  if (!row) throw new Error(`no order-history row for ${orderId}`);
  return row;
}

const waitForEnrollment = (stack: TestStack, courseId: string, student: Session) =>
  eventually(
    async () => ((await enrolledTimes(stack, courseId, student)) > 0 ? true : undefined),
    20_000,
    'enrollment',
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rounds to paise, so float sums of rupees compare exactly. */
const rupees = (value: number) => Math.round(value * 100) / 100;

const paymentSucceeded = (location: string | null, paymentId: string) =>
  expect(location).toBe(`${stackUrl()}/paymentsuccess?reference=${paymentId}`);
const paymentFailed = (location: string | null, reason: 'declined' | 'invalid') =>
  expect(location).toBe(`${stackUrl()}/paymentfailed?reason=${reason}`);

let stack: TestStack;
let tutor: Session;
let admin: Session;
let courses: CourseDetails[];
const stackUrl = () => stack.url;

beforeAll(async () => {
  stack = await startTestStack({
    // catalog before payments: payments reads course prices from CATALOG_URL.
    services: PURCHASE_SERVICES,
    razorpay: true,
  });
  tutor = await newTutor(stack);
  admin = await stack.loginAdmin();
  courses = [];
  for (const [title, price] of [
    ['Payments for Beginners', 499],
    ['Ledgers in Depth', 1299],
    ['Webhooks Explained', 799],
    ['Idempotent Systems', 999],
    ['Signatures and Secrets', 649],
  ] as const) {
    courses.push(await createPaidCourse(stack, tutor, title, price));
  }
});
afterAll(() => stack?.close());

/** A course no test has used yet, so each test sees only its own enrollments. */
let next = 0;
function freshCourse(): CourseDetails {
  const c = courses[next % courses.length];
  next += 1;
  if (!c) throw new Error('no demo course');
  return c;
}

/** Razorpay's own view of an order and its payment, read with the service's key pair. */
const razorpayEntity = (path: string) => flows.razorpayEntity(stack, path);
const deliverWebhook = (body: unknown, eventId: string, secret?: string) =>
  flows.deliverWebhook(stack, body, eventId, secret);
const orderPaidEvent = (orderId: string, paymentId: string) =>
  flows.orderPaidEvent(stack, orderId, paymentId);

/** Tutor income, admin revenue and admin profit, in rupees. */
async function ledger() {
  return {
    tutor: await moneyFigure(stack, tutor, '/api/v1/total-income-tutor'),
    revenue: await moneyFigure(stack, admin, '/api/v1/getTotalRevnue'),
    profit: await moneyFigure(stack, admin, '/api/v1/getTotalRevenueTwentyPercent'),
  };
}

async function ledgerMovedBy(before: Awaited<ReturnType<typeof ledger>>, price: number) {
  const expected = {
    tutor: rupees(before.tutor + price * 0.8),
    revenue: rupees(before.revenue + price),
    profit: rupees(before.profit + price * 0.2),
  };
  await eventually(
    async () => {
      const now = await ledger();
      return now.tutor === expected.tutor &&
        now.revenue === expected.revenue &&
        now.profit === expected.profit
        ? now
        : undefined;
    },
    20_000,
    'the tutor credit and the platform revenue',
  );
  return expected;
}

describe('the money path through the gateway, against the Razorpay sandbox', () => {
  it('checkout → hosted page with the success card → callback → enrolled, tutor credited 80%, revenue and profit moved', async () => {
    const student = await stack.newUser('buyer');
    const c = freshCourse();
    const before = await ledger();

    const keys = await stack.call<ResponseOf<'/api/v1/get-api-keys', 'get'>>('GET', '/api/v1/get-api-keys', {
      as: student,
    });
    expect(keys.status).toBe(200);
    expect(keys.body).toEqual({ key: sandboxOf(stack).keyId });

    // The client's amount is ignored: the order is for the catalog's price, in paise.
    const created = await checkout(stack, student, c, 1);
    expect(created.status).toBe(200);
    const order = created.body;
    expect(order.orderId).toMatch(/^order_/);
    expect(order.data).toEqual({ id: order.orderId, amount: Math.round(c.price * 100) });
    const atRazorpay = await razorpayEntity(`orders/${order.orderId}`);
    expect(atRazorpay).toMatchObject({
      amount: Math.round(c.price * 100),
      currency: 'INR',
      status: 'created',
      notes: { course: c._id, student: student._id, tutor: c.courseCreatedBy._id },
    });

    // Written at once, so an abandoned checkout would show as Fail.
    const pending = await rowFor(stack, student, order.orderId);
    expect(pending).toMatchObject({
      courseEnrolled: { _id: c._id, title: c.title },
      amount: c.price,
      success: false,
    });
    expect(pending.razorpay_payment_id).toBeUndefined();

    const paid = await payOnSandbox(stack, order.orderId, callbackFor(stack, order.orderId, c, student), {
      email: student.email,
    });
    if (paid.outcome !== 'success') throw new Error(`payment declined: ${paid.message}`);
    expect(paid.callbackResponse?.status).toBe(303);
    paymentSucceeded(paid.callbackResponse?.location ?? null, paid.fields.razorpay_payment_id);

    await waitForEnrollment(stack, c._id, student);
    const enrolled = await stack.call<ResponseOf<'/api/v1/enrolled-courses', 'get'>>(
      'GET',
      '/api/v1/enrolled-courses',
      { as: student },
    );
    expect(enrolled.body.coursesEnrolled.map((x) => x._id)).toContain(c._id);
    await ledgerMovedBy(before, c.price);

    // The line names the order's tax invoice once it is issued.
    const row = await eventually(
      async () => {
        const line: PaymentRow & { invoiceNumber?: string } = await rowFor(stack, student, order.orderId);
        return line.invoiceNumber ? line : undefined;
      },
      20_000,
      'the tax invoice',
    );
    expect(row).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      razorpay_order_id: order.orderId,
      razorpay_payment_id: paid.fields.razorpay_payment_id,
      courseEnrolled: { _id: c._id, title: c.title },
      amount: c.price,
      success: true,
      createdAt: expect.any(String),
      invoiceNumber: expect.stringMatching(/^LE\/\d{4}-\d{2}\/\d{6}$/),
      // A paid line says whether and until when it can be refunded (see payments-refunds).
      refund: expect.objectContaining({ refundable: true, completedPercent: 0 }),
    });

    const received = await orderHistory(stack, tutor, '/api/v1/payment-history');
    expect(received.find((r) => r.razorpay_order_id === order.orderId)).toMatchObject({
      success: true,
      amount: c.price,
      user: { _id: student._id, username: student.username },
    });
    const everyone = await orderHistory(stack, admin, '/api/v1/all-payment-history');
    expect(everyone.find((r) => r.razorpay_order_id === order.orderId)).toMatchObject({
      success: true,
      user: { _id: student._id, username: student.username },
    });

    // Bought once; a second checkout is refused.
    const again = await checkout(stack, student, c);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'You are already enrolled in this course' });
  });

  it('a declined card leaves a Fail row, redirects to the failure page and enrolls nobody', async () => {
    const student = await stack.newUser('declined');
    const c = freshCourse();
    const order = (await checkout(stack, student, c)).body;
    const result = await payOnSandbox(stack, order.orderId, callbackFor(stack, order.orderId, c, student), {
      card: TEST_CARDS.declined,
    });
    expect(result.outcome).toBe('declined');
    if (result.outcome !== 'declined' || !result.failureForm) throw new Error('no failure form');
    const back = await postCallback(result.failureForm.action, result.failureForm.fields);
    expect(back.status).toBe(303);
    paymentFailed(back.location, 'declined');

    await sleep(1500); // the payment.failed webhook has arrived and nothing else will
    const row = await rowFor(stack, student, order.orderId);
    expect(row.success).toBe(false);
    expect(row.razorpay_payment_id).toBeUndefined();
    expect(await enrolledTimes(stack, c._id, student)).toBe(0);
  });

  it('the callback replayed five times and the webhook sent twice enroll and credit exactly once', async () => {
    const student = await stack.newUser('replay');
    const c = freshCourse();
    const before = await ledger();
    const order = (await checkout(stack, student, c)).body;
    const url = callbackFor(stack, order.orderId, c, student);
    const paid = await payOnSandbox(stack, order.orderId, url);
    if (paid.outcome !== 'success') throw new Error('declined');
    const paymentId = paid.fields.razorpay_payment_id;

    for (let i = 0; i < 5; i++) {
      const replay = await postCallback(url, paid.fields);
      expect(replay.status).toBe(303);
      paymentSucceeded(replay.location, paymentId);
    }
    // The spec's GET form, with the fields in the query string.
    const get = await fetch(`${url}?${new URLSearchParams(paid.fields)}`, { redirect: 'manual' });
    expect(get.status).toBe(303);
    paymentSucceeded(get.headers.get('location'), paymentId);

    const event = await orderPaidEvent(order.orderId, paymentId);
    const first = await deliverWebhook(event, `evt_replay_${paymentId}`);
    const second = await deliverWebhook(event, `evt_replay_${paymentId}`);
    expect(first).toEqual({ status: 200, body: { status: 'ok' } });
    expect(second).toEqual({ status: 200, body: { status: 'duplicate' } });
    // A different delivery of the same fact (another event id) changes nothing either.
    expect((await deliverWebhook(event, `evt_other_${paymentId}`)).status).toBe(200);

    await waitForEnrollment(stack, c._id, student);
    const expected = await ledgerMovedBy(before, c.price);
    await sleep(2000); // give any duplicate time to arrive
    // One fact left payments, and downstream it counted once.
    expect(await flows.publishedPayments(stack, order.orderId)).toBe(1);
    expect(await enrolledTimes(stack, c._id, student)).toBe(1);
    expect(await ledger()).toEqual(expected);
    const rows = (await orderHistory(stack, student)).filter((r) => r.courseEnrolled._id === c._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ success: true, razorpay_payment_id: paymentId });
  });

  it('when the browser never returns, the webhook alone reaches the same state', async () => {
    const student = await stack.newUser('webhook');
    const c = freshCourse();
    const before = await ledger();
    const order = (await checkout(stack, student, c)).body;
    const paid = await payOnSandbox(stack, order.orderId, callbackFor(stack, order.orderId, c, student), {
      followCallback: false,
    });
    if (paid.outcome !== 'success') throw new Error('declined');

    await waitForEnrollment(stack, c._id, student);
    await ledgerMovedBy(before, c.price);
    expect(await rowFor(stack, student, order.orderId)).toMatchObject({
      success: true,
      razorpay_payment_id: paid.fields.razorpay_payment_id,
    });
    // The browser turning up late is welcome and changes nothing.
    const late = await postCallback(paid.callbackUrl, paid.fields);
    paymentSucceeded(late.location, paid.fields.razorpay_payment_id);
    expect(await enrolledTimes(stack, c._id, student)).toBe(1);
    expect(await flows.publishedPayments(stack, order.orderId)).toBe(1);
  });

  it('a forged signature, a tampered address and a client-sent amount change nothing', async () => {
    const sandbox = sandboxOf(stack);
    // Only the browser's callback can prove this payment: no webhooks for now.
    sandbox.setWebhookUrl(undefined);
    try {
      const student = await stack.newUser('tamper');
      const other = await stack.newUser('other');
      const c = freshCourse();
      const otherCourse = courses.find((x) => x._id !== c._id);
      if (!otherCourse) throw new Error('need two courses');
      const order = (await checkout(stack, student, c, 1)).body;
      const paid = await payOnSandbox(stack, order.orderId, callbackFor(stack, order.orderId, c, student), {
        followCallback: false,
      });
      if (paid.outcome !== 'success') throw new Error('declined');
      const fields = paid.fields;
      const path = {
        orderId: order.orderId,
        courseId: c._id,
        userId: student._id,
        teacherId: c.courseCreatedBy._id,
        amount: c.price,
      };

      const attempts: [string, Record<string, string>][] = [
        [callbackUrl(stack, { ...path, courseId: otherCourse._id }), fields],
        [callbackUrl(stack, { ...path, userId: other._id }), fields],
        [callbackUrl(stack, { ...path, teacherId: other._id }), fields],
        [callbackUrl(stack, { ...path, amount: 1 }), fields],
        [callbackUrl(stack, { ...path, amount: c.price * 10 }), fields],
        [
          callbackUrl(stack, path),
          {
            ...fields,
            razorpay_signature: createHmac('sha256', 'not-the-secret')
              .update(`${order.orderId}|${fields.razorpay_payment_id}`)
              .digest('hex'),
          },
        ],
        [callbackUrl(stack, path), { ...fields, razorpay_payment_id: 'pay_Forged00000000' }],
        [callbackUrl(stack, path), { ...fields, razorpay_signature: '' }],
        [callbackUrl(stack, { ...path, orderId: 'order_DoesNotExist00' }), fields],
      ];
      for (const [url, body] of attempts) {
        const answer = await postCallback(url, body);
        expect(answer.status, url).toBe(303);
        paymentFailed(answer.location, 'invalid');
      }
      // Garbage never gives a 500.
      const odd = await fetch(`${callbackUrl(stack, path)}?razorpay_signature=a&razorpay_signature=b`, {
        redirect: 'manual',
      });
      expect(odd.status).toBe(303);
      const json = await stack.call('POST', new URL(callbackUrl(stack, path)).pathname, {
        body: { razorpay_payment_id: ['x'], razorpay_signature: { $ne: '' } },
      });
      expect(json.status).toBe(303);

      await sleep(1000);
      expect((await rowFor(stack, student, order.orderId)).success).toBe(false);
      expect(await enrolledTimes(stack, c._id, student)).toBe(0);
      expect(await enrolledTimes(stack, otherCourse._id, student)).toBe(0);
      expect(await enrolledTimes(stack, c._id, other)).toBe(0);
      expect(await orderHistory(stack, other)).toEqual([]);

      // The genuine callback still works, at the catalog's price whatever the client sent.
      const genuine = await postCallback(callbackUrl(stack, path), fields);
      paymentSucceeded(genuine.location, fields.razorpay_payment_id);
      await waitForEnrollment(stack, c._id, student);
      expect(await rowFor(stack, student, order.orderId)).toMatchObject({ success: true, amount: c.price });
      expect(await enrolledTimes(stack, otherCourse._id, student)).toBe(0);
    } finally {
      sandbox.setWebhookUrl(sandbox.webhookUrl);
    }
  });

  it('refuses a student the catalog enrolled without a payment here (as the demo seed does)', async () => {
    const student = await stack.newUser('seeded');
    const c = freshCourse();
    const enrollments = stack.services.catalog?.app.db.collection<{
      _id: string;
      studentId: string;
      courseId: string;
      enrolledAt: Date;
      counted: boolean;
    }>('enrollments');
    if (!enrollments) throw new Error('catalog is not running');
    await enrollments.insertOne({
      _id: `${student._id}:${c._id}`,
      studentId: student._id,
      courseId: c._id,
      enrolledAt: new Date(),
      counted: true,
    });
    const again = await checkout(stack, student, c);
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'You are already enrolled in this course' },
    });
    expect(await orderHistory(stack, student)).toEqual([]);
  });

  it('refuses unknown courses, one’s own course and buying for someone else, with a message', async () => {
    const student = await stack.newUser('refused');
    const c = freshCourse();
    const unknown = await stack.call('POST', '/api/v1/checkout', {
      as: student,
      body: {
        amount: 10,
        paymentTo: c.courseCreatedBy._id,
        course: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        paymentBy: student._id,
      },
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Course not found' } });
    const malformed = await stack.call('POST', '/api/v1/checkout', { as: student, body: { course: 'nope' } });
    expect(malformed.status).toBe(400);
    const missing = await stack.call('POST', '/api/v1/checkout', { as: student, body: {} });
    expect(missing).toMatchObject({ status: 400, body: { message: 'All fields are required' } });

    const own = await checkout(stack, tutor, c);
    expect(own).toMatchObject({ status: 403, body: { message: 'You cannot buy your own course' } });
    const forOther = await stack.call('POST', '/api/v1/checkout', {
      as: student,
      body: { amount: c.price, paymentTo: c.courseCreatedBy._id, course: c._id, paymentBy: tutor._id },
    });
    expect(forOther).toMatchObject({
      status: 403,
      body: { message: 'You can only buy a course for yourself' },
    });
    expect(await orderHistory(stack, student)).toEqual([]);
    expect(await orderHistory(stack, tutor)).toEqual([]);

    const anonymous = await stack.call('POST', '/api/v1/checkout', { body: { course: c._id } });
    expect(anonymous.status).toBe(401);
    expect((await stack.call('GET', '/api/v1/payment-history', { as: student })).status).toBe(403);
    expect((await stack.call('GET', '/api/v1/all-payment-history', { as: tutor })).status).toBe(403);
  });

  it('refuses webhooks that are not signed with the webhook secret, and acknowledges events it ignores', async () => {
    const body = { entity: 'event', event: 'order.paid', payload: {} };
    expect((await deliverWebhook(body, 'evt_forged', 'guessed-secret')).status).toBe(401);
    const unsigned = await fetch(`${stack.url}/api/v1/razorpay-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(unsigned.status).toBe(400);
    const ignored = await deliverWebhook({ entity: 'event', event: 'refund.created', payload: {} }, 'evt_x1');
    expect(ignored).toEqual({ status: 200, body: { status: 'ok' } });
    const unknownOrder = await deliverWebhook(
      { event: 'payment.captured', payload: { payment: { entity: { id: 'pay_X', order_id: 'order_X' } } } },
      'evt_x2',
    );
    expect(unknownOrder.status).toBe(200);
    const notJson = await fetch(`${stack.url}/api/v1/razorpay-webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', sandboxOf(stack).webhookSecret)
          .update('{')
          .digest('hex'),
      },
      body: '{',
    });
    expect(notJson.status).toBe(400);
  });

  it('filters the order history by calendar days in Asia/Kolkata', async () => {
    const student = await stack.newUser('history');
    const [a, b] = [freshCourse(), freshCourse()];
    const first = (await checkout(stack, student, a)).body;
    const second = (await checkout(stack, student, b)).body;
    // Rows from 10 and 40 days ago, as checkouts then would have left them.
    const payments = stack.services.payments?.app.db.collection('payments');
    if (!payments) throw new Error('payments is not running');
    const template = await payments.findOne({ razorpay_order_id: first.orderId });
    if (!template) throw new Error('no row');
    const { _id, ...fields } = template;
    const daysAgo = (n: number) => {
      const at = new Date(Date.now() - n * 24 * 60 * 60 * 1000);
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at);
      return { createdAt: at, day, month: day.slice(0, 7) };
    };
    const older = await payments.insertMany([
      { ...fields, razorpay_order_id: `${first.orderId}_10d`, ...daysAgo(10) },
      { ...fields, razorpay_order_id: `${first.orderId}_40d`, ...daysAgo(40) },
    ]);
    // And in the student's list of orders, newest first, where checkouts then would have put them.
    const lists = stack.services.payments?.app.db.collection<{ _id: string; ids: string[]; count: number }>(
      'student_orders',
    );
    const mine = await lists?.findOne({ _id: student._id });
    const olderIds = Object.values(older.insertedIds).map((id) => id.toHexString());
    await lists?.updateOne(
      { _id: student._id },
      { $set: { ids: [...(mine?.ids ?? []), ...olderIds], count: 4 } },
    );

    const ids = async (period: string) =>
      (await orderHistory(stack, student, `/api/v1/payment-history-time?timePeriod=${period}`)).map(
        (r) => r.razorpay_order_id,
      );
    // Newest first everywhere.
    expect(await ids('today')).toEqual([second.orderId, first.orderId]);
    expect(await ids('past7days')).toEqual([second.orderId, first.orderId]);
    expect(await ids('past28days')).toEqual([second.orderId, first.orderId, `${first.orderId}_10d`]);
    const all = [second.orderId, first.orderId, `${first.orderId}_10d`, `${first.orderId}_40d`];
    expect(await ids('none')).toEqual(all);
    expect((await orderHistory(stack, student)).map((r) => r.razorpay_order_id)).toEqual(all);
    const bad = await stack.call('GET', '/api/v1/payment-history-time?timePeriod=yesterday', { as: student });
    expect(bad.status).toBe(400);
    // Someone else's history is not mine.
    expect(await orderHistory(stack, await stack.newUser('stranger'))).toEqual([]);
  });
});

const kolkataDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at);
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/**
 * Copies of an order's row as orders placed `ages` milliseconds ago would have left them (with
 * `fields` on top), newest first as `ages` grow; answers their ids in that order.
 */
async function copiesOf(orderId: string, ages: number[], fields: Record<string, unknown> = {}) {
  const payments = stack.services.payments?.app.db.collection('payments');
  if (!payments) throw new Error('payments is not running');
  const template = await payments.findOne({ razorpay_order_id: orderId });
  if (!template) throw new Error(`no row for ${orderId}`);
  const { _id, _outbox, _outboxAt, ...rest } = template;
  const now = Date.now();
  const inserted = await payments.insertMany(
    ages.map((ago, i) => {
      const at = new Date(now - ago);
      const day = kolkataDay(at);
      return {
        ...rest,
        ...fields,
        razorpay_order_id: `${orderId}_copy${i}`,
        createdAt: at,
        day,
        month: day.slice(0, 7),
      };
    }),
  );
  return ages.map((_, i) => {
    const id = inserted.insertedIds[i];
    if (!id) throw new Error('not inserted');
    return id.toHexString();
  });
}

/** Puts ids at the end of an owner's keyed list (`student_orders`, `tutor_sales`), as older entries. */
async function appendToList(list: string, owner: string, ids: string[]) {
  const lists = stack.services.payments?.app.db.collection<{ _id: string; ids: string[]; count: number }>(
    list,
  );
  if (!lists) throw new Error('payments is not running');
  const current = (await lists.findOne({ _id: owner }))?.ids ?? [];
  const all = [...current, ...ids];
  await lists.updateOne({ _id: owner }, { $set: { ids: all, count: all.length } }, { upsert: true });
}

const orderIds = (response: { body: Paged<PaymentRow> }) =>
  response.body.data.map((row) => row.razorpay_order_id);
async function pageOf(who: Session, path: string) {
  const response = await stack.call<Paged<PaymentRow>>('GET', path, { as: who });
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response;
}
/** Reads one page of a list: what it says about itself (`paging`) and the orders it holds, in order. */
async function expectPage(
  who: Session,
  path: string,
  paging: { total: number; page: number; pages: number },
  ids: string[],
) {
  const response = await pageOf(who, path);
  expect(response.body).toMatchObject(paging);
  expect(orderIds(response)).toEqual(ids);
  return response;
}
/** Every row of a list, read 100 at a time; each page says the same total and page count. */
async function everyPage(who: Session, path: string) {
  const rows: PaymentRow[] = [];
  const first = await pageOf(who, `${path}&limit=100`);
  const { total, pages } = first.body;
  expect(pages).toBe(Math.ceil(total / 100));
  rows.push(...first.body.data);
  for (let page = 2; page <= pages; page++) {
    const next = await pageOf(who, `${path}&limit=100&page=${page}`);
    expect(next.body).toMatchObject({ total, page, pages });
    rows.push(...next.body.data);
  }
  expect(rows).toHaveLength(total);
  return rows;
}
/** What page `page` of a list of `total` items at `limit` a page says about itself. */
const pageOfList = (total: number, page: number, limit = 24) => ({
  total,
  page,
  pages: Math.ceil(total / limit),
});
async function refused(who: Session, path: string) {
  const response = await stack.call<MessageResponse>('GET', path, { as: who });
  expect(response.status, path).toBe(400);
  expect(response.body, path).toEqual({ message: expect.any(String) });
}
const OUT_OF_RANGE = ['page=0', 'page=abc', 'page=100001', 'limit=0', 'limit=101', 'limit=-1'];

describe('order and payment histories', () => {
  it('order-history answers the newest 24 by default, then further pages; limit sets the size', async () => {
    const student = await stack.newUser('pager');
    const first = (await checkout(stack, student, courses[0]!)).body;
    // 29 older orders, a minute apart: 30 in all.
    const older = await copiesOf(
      first.orderId,
      Array.from({ length: 29 }, (_, i) => (i + 1) * MINUTE_MS),
    );
    await appendToList('student_orders', student._id, older);
    const all = [first.orderId, ...older.map((_, i) => `${first.orderId}_copy${i}`)];

    for (const [query, paging, ids] of [
      ['', { total: 30, page: 1, pages: 2 }, all.slice(0, 24)],
      ['?page=2', { total: 30, page: 2, pages: 2 }, all.slice(24)],
      ['?limit=5&page=3', { total: 30, page: 3, pages: 6 }, all.slice(10, 15)],
    ] as const) {
      await expectPage(student, `/api/v1/order-history${query}`, paging, ids);
    }
    const past = await pageOf(student, '/api/v1/order-history?page=3');
    expect(past.body).toEqual({ data: [], total: 30, page: 3, pages: 2 });
    for (const query of OUT_OF_RANGE) await refused(student, `/api/v1/order-history?${query}`);
  });

  it("payment-history answers the tutor's newest 24 paid sales by default, then further pages", async () => {
    const student = await stack.newUser('salesbuyer');
    const seller = await newTutor(stack);
    const order = (await checkout(stack, student, courses[1]!)).body;
    // 26 paid sales of a tutor of their own, a minute apart.
    const sales = await copiesOf(
      order.orderId,
      Array.from({ length: 26 }, (_, i) => i * MINUTE_MS),
      { tutorId: seller._id, success: true, razorpay_payment_id: 'pay_Copied000000' },
    );
    await appendToList('tutor_sales', seller._id, sales);
    const all = sales.map((_, i) => `${order.orderId}_copy${i}`);

    for (const [query, paging, ids] of [
      ['', { total: 26, page: 1, pages: 2 }, all.slice(0, 24)],
      ['?page=2', { total: 26, page: 2, pages: 2 }, all.slice(24)],
      ['?limit=10&page=2', { total: 26, page: 2, pages: 3 }, all.slice(10, 20)],
    ] as const) {
      const page = await expectPage(seller, `/api/v1/payment-history${query}`, paging, ids);
      expect(page.body.data.every((row) => row.success && row.user?._id === student._id)).toBe(true);
    }
    for (const query of OUT_OF_RANGE) await refused(seller, `/api/v1/payment-history?${query}`);

    // The shared tutor's real sales: paid ones only, newest first.
    const real = await pageOf(tutor, '/api/v1/payment-history?limit=1');
    expect(real.body.data).toHaveLength(1);
    expect(real.body.data[0]!.success).toBe(true);
    expect(real.body.pages).toBe(real.body.total);
  });

  it("all-payment-history answers everyone's newest 24 by default, then further pages", async () => {
    const student = await stack.newUser('everyone');
    const order = (await checkout(stack, student, courses[2]!)).body;
    await copiesOf(
      order.orderId,
      Array.from({ length: 25 }, (_, i) => (i + 1) * MINUTE_MS),
    );
    const one = await pageOf(admin, '/api/v1/all-payment-history');
    const { total } = one.body;
    expect(total).toBeGreaterThanOrEqual(26);
    expect(one.body).toMatchObject({ page: 1, pages: Math.ceil(total / 24) });
    expect(one.body.data).toHaveLength(24);
    expect(orderIds(one)[0]).toBe(order.orderId);
    const two = await pageOf(admin, '/api/v1/all-payment-history?page=2');
    expect(two.body).toMatchObject({ total, page: 2 });
    const both = await pageOf(admin, '/api/v1/all-payment-history?limit=48');
    expect([...orderIds(one), ...orderIds(two)]).toEqual(orderIds(both));
    for (const query of OUT_OF_RANGE) await refused(admin, `/api/v1/all-payment-history?${query}`);
  });

  it('all-payment-history?timePeriod= keeps the orders of that period, paged, and counts them', async () => {
    const student = await stack.newUser('periods');
    const order = (await checkout(stack, student, courses[3]!)).body;
    const totals = async () => {
      const of = async (period: string) =>
        (await pageOf(admin, `/api/v1/all-payment-history?limit=1&timePeriod=${period}`)).body.total;
      return {
        today: await of('today'),
        past7days: await of('past7days'),
        past28days: await of('past28days'),
        none: await of('none'),
        unfiltered: (await pageOf(admin, '/api/v1/all-payment-history?limit=1')).body.total,
      };
    };
    const before = await totals();
    // 3 orders of today (besides the one above), 3 from 10 days ago and 2 from 40 days ago.
    await copiesOf(order.orderId, [
      1,
      2,
      3,
      10 * DAY_MS,
      10 * DAY_MS + 1,
      10 * DAY_MS + 2,
      40 * DAY_MS,
      40 * DAY_MS + 1,
    ]);
    const after = await totals();
    expect({
      today: after.today - before.today,
      past7days: after.past7days - before.past7days,
      past28days: after.past28days - before.past28days,
      none: after.none - before.none,
      unfiltered: after.unfiltered - before.unfiltered,
    }).toEqual({ today: 3, past7days: 3, past28days: 6, none: 8, unfiltered: 8 });
    expect(after.none).toBe(after.unfiltered);
    expect(after.today).toBeLessThanOrEqual(after.past7days);
    expect(after.past7days).toBeLessThanOrEqual(after.past28days);
    expect(after.past28days).toBeLessThan(after.none);

    // The period's rows, newest first, none older than its first day; paged like the whole list.
    const copy = (i: number) => `${order.orderId}_copy${i}`;
    const firstDay = kolkataDay(new Date(Date.now() - 27 * DAY_MS));
    const month = await everyPage(admin, '/api/v1/all-payment-history?timePeriod=past28days');
    expect(month).toHaveLength(after.past28days);
    expect(month.every((row) => kolkataDay(new Date(row.createdAt)) >= firstDay)).toBe(true);
    const times = month.map((row) => Date.parse(row.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const monthIds = month.map((row) => row.razorpay_order_id);
    expect(monthIds).toEqual(expect.arrayContaining([0, 1, 2, 3, 4, 5].map(copy)));
    expect(monthIds).not.toContain(copy(6));
    expect(monthIds).not.toContain(copy(7));
    const todayIds = (await everyPage(admin, '/api/v1/all-payment-history?timePeriod=today')).map(
      (row) => row.razorpay_order_id,
    );
    expect(todayIds).toEqual(expect.arrayContaining([order.orderId, copy(0), copy(1), copy(2)]));
    expect(todayIds).not.toContain(copy(3));
    await expectPage(
      admin,
      '/api/v1/all-payment-history?timePeriod=past28days&limit=2&page=2',
      pageOfList(after.past28days, 2, 2),
      monthIds.slice(2, 4),
    );
    // The default page of a period is its newest 24.
    await expectPage(
      admin,
      '/api/v1/all-payment-history?timePeriod=today',
      pageOfList(after.today, 1),
      todayIds.slice(0, 24),
    );

    await refused(admin, '/api/v1/all-payment-history?timePeriod=yesterday');
    await refused(admin, '/api/v1/all-payment-history?timePeriod=today&limit=0');
  });
});
