import type { CourseDetails, ResponseOf } from '@liveedu/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as flows from '../support/flows.ts';
import { purchaseStack } from '../support/platform.ts';
import { eventually, type Session, type TestStack } from '../support/stack.ts';

/**
 * The same request sent more than once at the same moment ends in one outcome, the one
 * docs/reliability.md names for it; nothing is stored, paid, enrolled or credited twice.
 */

let stack: TestStack;
let admin: Session;

beforeAll(async () => {
  ({ stack, admin } = await purchaseStack());
});
afterAll(() => stack?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A tutor's new course at `price`, as its page shows it. */
async function courseOf(tutor: Session, title: string, price: number): Promise<CourseDetails> {
  return flows.courseDetails(stack, await flows.createCourse(stack, tutor, { title, price }), tutor);
}

/** The student's order-history rows for the course. */
async function ordersFor(student: Session, courseId: string) {
  const history = await flows.readOk<ResponseOf<'/api/v1/order-history', 'get'>>(
    stack,
    '/api/v1/order-history',
    student,
  );
  return history.data.filter((row) => row.courseEnrolled._id === courseId);
}

/** How often each reacting service consumed the fact that the order was paid. */
async function consumedFor(orderId: string) {
  const counts: Record<string, number> = {};
  for (const name of ['catalog', 'earnings'] as const) {
    counts[name] =
      (await stack.services[name]?.app.db
        .collection('processed_events')
        .countDocuments({ _id: { $regex: `:payment-succeeded:${orderId}$` } as never })) ?? -1;
  }
  return counts;
}

/** Rounds to paise, so float products of rupees compare exactly. */
const rupees = (value: number) => Math.round(value * 100) / 100;

const income = (tutor: Session) => flows.moneyFigure(stack, tutor, '/api/v1/total-income-tutor');

/** Buys the course with the success card, the browser returning to the site; answers the order id. */
async function buy(student: Session, course: CourseDetails): Promise<string> {
  const order = await flows.checkout(stack, student, course);
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  await flows.payAndReturn(stack, student, order.body.orderId, course);
  await eventually(
    async () => ((await flows.enrolledTimes(stack, course._id, student)) === 1 ? true : undefined),
    20_000,
    'the enrollment',
  );
  return order.body.orderId;
}

describe('one Razorpay webhook delivered five times, in parallel and out of order with the callback', () => {
  it('makes one payment, one enrollment and one credit', async () => {
    const tutor = await flows.newTutor(stack, 'hooktutor');
    const student = await stack.newUser('hookbuyer');
    const course = await courseOf(tutor, 'Webhooks in a Storm', 899);
    const revenueBefore = await flows.moneyFigure(stack, admin, '/api/v1/getTotalRevnue');
    const order = await flows.checkout(stack, student, course);
    expect(order.status).toBe(200);
    const { orderId } = order.body;
    const sandbox = flows.sandboxOf(stack);
    // The card is paid, but the browser's return and Razorpay's deliveries are ours to send.
    sandbox.setWebhookUrl(undefined);
    let paid: Awaited<ReturnType<typeof flows.payOnSandbox>>;
    try {
      paid = await flows.payOnSandbox(stack, orderId, flows.callbackFor(stack, orderId, course, student), {
        followCallback: false,
        email: student.email,
      });
    } finally {
      sandbox.setWebhookUrl(sandbox.webhookUrl);
    }
    if (paid.outcome !== 'success') throw new Error(`declined: ${paid.message}`);
    const paymentId = paid.fields.razorpay_payment_id;
    const event = await flows.orderPaidEvent(stack, orderId, paymentId);
    const eventId = `evt_storm_${paymentId}`;

    // Two deliveries before the callback, three after, all in flight at once.
    const webhook = (delay: number) => sleep(delay).then(() => flows.deliverWebhook(stack, event, eventId));
    const [hooks, callback] = await Promise.all([
      Promise.all([webhook(0), webhook(0), webhook(15), webhook(15), webhook(30)]),
      sleep(5).then(() =>
        flows.postCallback(flows.callbackFor(stack, orderId, course, student), paid.fields),
      ),
    ]);
    for (const hook of hooks) {
      expect(hook.status).toBe(200);
      expect(['ok', 'duplicate']).toContain(hook.body.status);
    }
    expect(hooks.filter((hook) => hook.body.status === 'ok').length).toBeGreaterThanOrEqual(1);
    expect(callback.status).toBe(303);
    expect(callback.location).toBe(`${stack.url}/paymentsuccess?reference=${paymentId}`);

    await eventually(
      async () => ((await income(tutor)) === rupees(course.price * 0.8) ? true : undefined),
      20_000,
      'the credit',
    );
    await eventually(
      async () => ((await flows.enrolledTimes(stack, course._id, student)) === 1 ? true : undefined),
      20_000,
      'the enrollment',
    );
    await sleep(2_000); // give any duplicate time to arrive
    expect(await ordersFor(student, course._id)).toEqual([
      expect.objectContaining({ razorpay_order_id: orderId, razorpay_payment_id: paymentId, success: true }),
    ]);
    expect(await flows.publishedPayments(stack, orderId)).toBe(1);
    expect(await consumedFor(orderId)).toEqual({ catalog: 1, earnings: 1 });
    expect(await flows.enrolledTimes(stack, course._id, student)).toBe(1);
    expect(await income(tutor)).toBe(rupees(course.price * 0.8));
    expect(await flows.moneyFigure(stack, admin, '/api/v1/getTotalRevnue')).toBe(
      revenueBefore + course.price,
    );
  }, 60_000);
});

describe('the same request twice at the same instant by the same user', () => {
  it('two checkouts of a course: both answered with the same order, one payment row, one enrollment', async () => {
    const tutor = await flows.newTutor(stack, 'twincheckout');
    const student = await stack.newUser('twincheckout');
    const course = await courseOf(tutor, 'Double Clicks', 599);
    const [first, second] = await Promise.all([
      flows.checkout(stack, student, course),
      flows.checkout(stack, student, course),
    ]);
    expect(first?.status).toBe(200);
    expect(second?.status).toBe(200);
    expect(second?.body).toEqual(first?.body);
    const orders = await ordersFor(student, course._id);
    expect(orders).toEqual([
      expect.objectContaining({ razorpay_order_id: first?.body.orderId, success: false }),
    ]);

    await flows.payAndReturn(stack, student, first?.body.orderId as string, course);
    await eventually(
      async () => ((await income(tutor)) === rupees(course.price * 0.8) ? true : undefined),
      20_000,
      'the credit',
    );
    await sleep(1_000);
    expect(await flows.enrolledTimes(stack, course._id, student)).toBe(1);
    expect(await ordersFor(student, course._id)).toEqual([expect.objectContaining({ success: true })]);
    // Bought: any further checkout is refused.
    const again = await flows.checkout(stack, student, course);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'You are already enrolled in this course' });
  }, 60_000);

  it('two reviews of a course: both answered 201, one review kept, counted once', async () => {
    const tutor = await flows.newTutor(stack, 'twinreview');
    const student = await stack.newUser('twinreview');
    const course = await courseOf(tutor, 'Reviewed Twice', 499);
    await buy(student, course);
    const review = (rating: number, text: string) =>
      stack.call('POST', `/api/v1/create-review/${course._id}`, {
        as: student,
        body: { rating, review: text },
      });
    const answers = await Promise.all([review(4, 'Clear and useful'), review(2, 'Too fast for me')]);
    for (const answer of answers) {
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ message: 'Review added successfully' });
    }
    const page = await eventually(
      async () => {
        const details = await flows.courseDetails(stack, course._id, student);
        return details.ratingCount > 0 && details.reviews.length > 0 ? details : undefined;
      },
      10_000,
      'the review on the course page',
    );
    expect(page.ratingCount).toBe(1);
    expect(page.reviews).toHaveLength(1);
    const mine = page.reviews;
    expect(mine[0]).toMatchObject({ user: expect.objectContaining({ username: student.username }) });
    expect([4, 2]).toContain(mine[0]?.rating);
    expect(page.ratingAverage).toBe(mine[0]?.rating);
    const stored = stack.services.catalog?.app.db;
    expect(await stored?.collection('reviews').countDocuments({ courseId: course._id })).toBe(1);
    const doc = await stored?.collection('courses').findOne({ title: 'Reviewed Twice' });
    expect(doc).toMatchObject({ ratingCount: 1, ratingSum: mine[0]?.rating });
  }, 60_000);

  it('two add-to-favourites of a course: both answered 200, the course listed once', async () => {
    const tutor = await flows.newTutor(stack, 'twinfav');
    const student = await stack.newUser('twinfav');
    const course = await courseOf(tutor, 'Favourite Twice', 299);
    const add = () => stack.call('PUT', `/api/v1/add-to-favourite/${course._id}`, { as: student });
    const answers = await Promise.all([add(), add()]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: 'Course added to favourites' });
    }
    const favourites = await flows.readOk<ResponseOf<'/api/v1/getFavouriteBooks', 'get'>>(
      stack,
      '/api/v1/getFavouriteBooks',
      student,
    );
    expect(favourites.favourites.map((f) => f._id)).toEqual([course._id]);
    // One removal takes it away: there was one.
    const removed = await stack.call('PUT', `/api/v1/remove-from-favourite/${course._id}`, { as: student });
    expect(removed.status).toBe(200);
    const after = await flows.readOk<ResponseOf<'/api/v1/getFavouriteBooks', 'get'>>(
      stack,
      '/api/v1/getFavouriteBooks',
      student,
    );
    expect(after.favourites).toEqual([]);
  }, 60_000);

  it('two withdrawals: one takes the whole balance (201), the other is refused with 400 {message}', async () => {
    const tutor = await flows.newTutor(stack, 'twinwithdraw');
    const student = await stack.newUser('twinwithdraw');
    const course = await courseOf(tutor, 'Worth Withdrawing', 1500);
    const bank = await stack.call('POST', '/api/v1/submit-account-details', {
      as: tutor,
      body: {
        fullName: 'Kavya Iyer',
        accountNumber: '001234567890',
        nameOfBank: 'Canara Bank',
        ifsc: 'CNRB0001234',
      },
    });
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    await buy(student, course);
    await eventually(async () => ((await income(tutor)) === 1200 ? true : undefined), 20_000, 'the credit');
    // Past the payout hold, as if bought a month ago: the credit can be withdrawn.
    await flows.ageCredits(stack, tutor._id);
    const withdraw = () =>
      stack.call('POST', '/api/v1/withdraw-request', { as: tutor, body: { amount: 1200 } });
    const answers = await Promise.all([withdraw(), withdraw()]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    const refused = answers.find((a) => a.status === 400);
    expect(refused?.body).toEqual({ message: 'Balance should be above 1000 to get withdrawl.' });
    const mine = await flows.readOk<ResponseOf<'/api/v1/user-withdrawals', 'get'>>(
      stack,
      '/api/v1/user-withdrawals',
      tutor,
    );
    expect(mine.withdrawals.map((w) => w.amount)).toEqual([1200]);
  }, 60_000);
});
