import type { CourseDetails, PaymentRecord, ResponseOf } from '@liveedu/api-client';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callbackFor,
  checkout,
  courseDetails,
  createCourse,
  deliverWebhook,
  moneyFigure,
  newTutor,
  orderPaidEvent,
  payAndReturn,
  payOnSandbox,
  postCallback,
  publishedPayments,
  razorpayEntity,
  readOk,
} from '../support/flows.ts';
import { purchaseStack } from '../support/platform.ts';
import { eventually, type Session, type TestStack } from '../support/stack.ts';

/** The cart as `GET`/`PUT api/v1/cart` answer it (rupees). */
interface Cart {
  courseIds: string[];
  items: Array<{
    courseId: string;
    title: string;
    tutorId: string;
    price: number;
    payable: number;
    couponApplies: boolean;
  }>;
  count: number;
  total: number;
  payable: number;
  coupon: { code: string; valid: boolean; message: string } | null;
}
interface CartOrder {
  orderId: string;
  data: { amount: number; id: string };
  courseIds: string[];
  paid: boolean;
}
type Line = PaymentRecord & { couponCode?: string; listPrice?: number };

let stack: TestStack;
let tutorA: Session;
let tutorB: Session;
let admin: Session;
/** Tutor A's ₹499 and ₹799 courses and tutor B's ₹1299: the cart of three from two tutors. */
let a1: CourseDetails;
let a2: CourseDetails;
let b1: CourseDetails;

const HOUR = 3_600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Rounds to paise, so float sums of rupees compare exactly. */
const rupees = (value: number) => Math.round(value * 100) / 100;

async function course(tutor: Session, title: string, price: number): Promise<CourseDetails> {
  return courseDetails(stack, await createCourse(stack, tutor, { title, price }), tutor);
}

function putCart(who: Session, courseIds: string[], couponCode?: string) {
  return stack.call<Cart & { message?: string }>('PUT', '/api/v1/cart', {
    as: who,
    body: { courseIds, ...(couponCode === undefined ? {} : { couponCode }) },
  });
}

const getCart = (who: Session, query = '') => readOk<Cart>(stack, `/api/v1/cart${query}`, who);

function checkOut(who: Session, body: Record<string, unknown> = {}) {
  return stack.call<CartOrder & { message?: string }>('POST', '/api/v1/cart/checkout', { as: who, body });
}

const cartCallback = (orderId: string) =>
  `${stack.url}/api/v1/cartVerification/${encodeURIComponent(orderId)}`;

async function history(who: Session): Promise<Line[]> {
  return (await readOk<{ data: Line[] }>(stack, '/api/v1/order-history?limit=100', who)).data;
}

const linesOf = async (who: Session, orderId: string) =>
  (await history(who)).filter((line) => line.razorpay_order_id === orderId);

const enrolledIn = async (who: Session) =>
  (
    await readOk<ResponseOf<'/api/v1/enrolled-courses', 'get'>>(stack, '/api/v1/enrolled-courses', who)
  ).coursesEnrolled.map((c) => c._id);

const enrolledCount = async (c: CourseDetails) => (await courseDetails(stack, c._id)).enrolledCount;

/** Both tutors' income and the platform's revenue, in rupees. */
async function figures() {
  return {
    tutorA: await moneyFigure(stack, tutorA, '/api/v1/total-income-tutor'),
    tutorB: await moneyFigure(stack, tutorB, '/api/v1/total-income-tutor'),
    revenue: await moneyFigure(stack, admin, '/api/v1/getTotalRevnue'),
  };
}

function coupon(who: Session, body: Record<string, unknown>) {
  return stack.call<{ _id: string; code: string; used: number }>('POST', '/api/v1/coupons', {
    as: who,
    body: {
      code: `CART${new ObjectId().toHexString().slice(-10)}`.toUpperCase(),
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
      ...body,
    },
  });
}

beforeAll(async () => {
  ({ stack, admin } = await purchaseStack());
  tutorA = await newTutor(stack, 'carttutora');
  tutorB = await newTutor(stack, 'carttutorb');
  a1 = await course(tutorA, 'Carts for Beginners', 499);
  a2 = await course(tutorA, 'Orders in Depth', 799);
  b1 = await course(tutorB, 'Two Tutors, One Payment', 1299);
});
afterAll(() => stack?.close());

describe('putting courses in the cart', () => {
  it('refuses more than 20 courses, a course twice, a malformed id, and a visitor; a refused cart is not saved', async () => {
    const student = await stack.newUser('cartrules');
    const kept = await putCart(student, [a1._id]);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);

    const many = Array.from({ length: 21 }, () => new ObjectId().toHexString());
    const tooMany = await putCart(student, many);
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.body)).toEqual(['message']);
    const twice = await putCart(student, [a1._id, a2._id, a1._id.toUpperCase()]);
    expect(twice).toMatchObject({ status: 400, body: { message: `Course ${a1._id} is in the cart twice` } });
    expect((await putCart(student, ['not-an-id'])).status).toBe(400);
    expect((await stack.call('PUT', '/api/v1/cart', { as: student, body: {} })).status).toBe(400);
    expect((await stack.call('PUT', '/api/v1/cart', { body: { courseIds: [a1._id] } })).status).toBe(401);
    expect((await stack.call('GET', '/api/v1/cart')).status).toBe(401);

    expect((await getCart(student)).courseIds).toEqual([a1._id]);
  });

  it("refuses one's own course, a course not listed or unknown, a free course and one bought already, naming each", async () => {
    const student = await stack.newUser('cartrefused');
    const free = await course(tutorA, 'Free Taster', 0);
    const withdrawn = await course(tutorA, 'Withdrawn Course', 299);
    expect(
      (await stack.call('DELETE', `/api/v1/delete-course/${withdrawn._id}`, { as: tutorA })).status,
    ).toBe(200);
    const unknown = new ObjectId().toHexString();

    const refusals: Array<[Session, string[], string]> = [
      [tutorA, [b1._id, a1._id], `"${a1.title}" is your own course`],
      [student, [a1._id, withdrawn._id], `Course ${withdrawn._id} is not for sale`],
      [student, [unknown], `Course ${unknown} is not for sale`],
      [student, [free._id], `"${free.title}" is free: enroll in it without paying`],
    ];
    for (const [who, ids, message] of refusals) {
      const answer = await putCart(who, ids);
      expect({ status: answer.status, body: answer.body }, message).toEqual({
        status: 400,
        body: { message },
      });
    }
    expect(await getCart(student)).toMatchObject({ courseIds: [], count: 0, total: 0, payable: 0 });

    // Bought on its own (the one-course checkout, unchanged): no longer for the cart, and a cart
    // holding it drops it when read.
    const bought = await course(tutorB, 'Bought Alone', 349);
    expect((await putCart(student, [bought._id, b1._id])).status).toBe(200);
    const single = await checkout(stack, student, bought);
    expect(single.status, JSON.stringify(single.body)).toBe(200);
    await payAndReturn(stack, student, single.body.orderId, bought);
    await eventually(async () => ((await enrolledIn(student)).includes(bought._id) ? true : undefined));
    expect(await putCart(student, [bought._id])).toMatchObject({
      status: 400,
      body: { message: `You already have "${bought.title}"` },
    });
    expect((await getCart(student)).courseIds).toEqual([b1._id]);
    // And dropped from the stored cart, not just from the answer.
    const carts = stack.services.payments?.app.db.collection<{ _id: string; courseIds: string[] }>('carts');
    expect((await carts?.findOne({ _id: student._id }))?.courseIds).toEqual([b1._id]);

    // A course unlisted while in a cart leaves it when the cart is read.
    const leaving = await course(tutorA, 'Leaving Soon', 199);
    expect((await putCart(student, [b1._id, leaving._id])).status).toBe(200);
    expect((await stack.call('DELETE', `/api/v1/delete-course/${leaving._id}`, { as: tutorA })).status).toBe(
      200,
    );
    expect((await getCart(student)).courseIds).toEqual([b1._id]);
  });
});

describe('checking the cart out', () => {
  it('three courses from two tutors: one Razorpay order for the sum, paid once with callback and webhook racing, each tutor credited once', async () => {
    const student = await stack.newUser('cartbuyer');
    const three = [a1, a2, b1];
    const sum = rupees(a1.price + a2.price + b1.price);
    const put = await putCart(
      student,
      three.map((c) => c._id),
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({
      courseIds: three.map((c) => c._id),
      items: three.map((c) => ({
        courseId: c._id,
        title: c.title,
        tutorId: c.courseCreatedBy._id,
        price: c.price,
        payable: c.price,
        couponApplies: false,
      })),
      count: 3,
      total: sum,
      payable: sum,
      coupon: null,
    });
    expect(await getCart(student)).toEqual(put.body);
    expect((await checkOut(await stack.newUser('emptycart'))).body).toEqual({
      message: 'Your cart is empty',
    });

    const before = await figures();
    const counts = await Promise.all(three.map(enrolledCount));

    // A double click: two checkouts of the same cart at once make one payable order.
    const [first, second] = await Promise.all([
      checkOut(student, { billingState: '29' }),
      checkOut(student, { billingState: '29' }),
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const order = first.body;
    expect(second.body.orderId).toBe(order.orderId);
    expect(order).toEqual({
      orderId: expect.stringMatching(/^order_/),
      data: { amount: Math.round(sum * 100), id: order.orderId },
      courseIds: three.map((c) => c._id),
      paid: false,
    });
    expect(await razorpayEntity(stack, `orders/${order.orderId}`)).toMatchObject({
      amount: Math.round(sum * 100),
      status: 'created',
      notes: { student: student._id, courses: three.map((c) => c._id).join(',') },
    });
    // Written before the answer: three lines of one order, each its own course's price, unpaid.
    const pending = await linesOf(student, order.orderId);
    expect(pending.map((line) => [line.courseEnrolled._id, line.amount, line.success]).sort()).toEqual(
      three.map((c) => [c._id, c.price, false]).sort(),
    );
    expect((await checkOut(student, { billingState: 'XX' })).status).toBe(400);

    const paid = await payOnSandbox(stack, order.orderId, cartCallback(order.orderId), {
      followCallback: false,
      email: student.email,
    });
    if (paid.outcome !== 'success') throw new Error(`the payment was declined: ${paid.message}`);
    const paymentId = paid.fields.razorpay_payment_id;
    const event = await orderPaidEvent(stack, order.orderId, paymentId);
    const [back, hook] = await Promise.all([
      postCallback(cartCallback(order.orderId), paid.fields),
      deliverWebhook(stack, event, `evt_cart_${paymentId}`),
    ]);
    expect(back).toEqual({ status: 303, location: `${stack.url}/paymentsuccess?reference=${paymentId}` });
    expect(hook).toEqual({ status: 200, body: { status: 'ok' } });

    await eventually(
      async () => {
        const mine = await enrolledIn(student);
        return three.every((c) => mine.includes(c._id)) ? true : undefined;
      },
      20_000,
      'enrolled in all three',
    );
    const expected = {
      tutorA: rupees(before.tutorA + (a1.price + a2.price) * 0.8),
      tutorB: rupees(before.tutorB + b1.price * 0.8),
      revenue: rupees(before.revenue + sum),
    };
    await eventually(
      async () => (JSON.stringify(await figures()) === JSON.stringify(expected) ? true : undefined),
      20_000,
      'each tutor credited for their courses, the revenue grown by the total',
    );
    expect(await Promise.all(three.map(enrolledCount))).toEqual(counts.map((n) => n + 1));
    const lines = await linesOf(student, order.orderId);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).toMatchObject({
        razorpay_order_id: order.orderId,
        razorpay_payment_id: paymentId,
        success: true,
      });
    }
    // Bought, so no longer in the cart.
    expect(await getCart(student)).toMatchObject({ courseIds: [], count: 0 });

    // The callback (both forms) and the webhook again, as browsers and Razorpay repeat them.
    const again = await Promise.all([
      postCallback(cartCallback(order.orderId), paid.fields),
      fetch(`${cartCallback(order.orderId)}?${new URLSearchParams(paid.fields)}`, { redirect: 'manual' }),
      deliverWebhook(stack, event, `evt_cart_${paymentId}`),
      deliverWebhook(stack, event, `evt_cart_again_${paymentId}`),
    ]);
    expect(again[0]).toEqual(back);
    expect(again[1].headers.get('location')).toBe(back.location);
    expect(again[2]).toEqual({ status: 200, body: { status: 'duplicate' } });
    expect(again[3].status).toBe(200);
    await sleep(2000); // time for any second fact to arrive
    expect(await publishedPayments(stack, order.orderId)).toBe(3);
    expect(await figures()).toEqual(expected);
    expect(await Promise.all(three.map(enrolledCount))).toEqual(counts.map((n) => n + 1));
    expect(await linesOf(student, order.orderId)).toHaveLength(3);
  });

  it('takes a coupon once for the whole order, where it applies; a coupon taking everything buys at once', async () => {
    const student = await stack.newUser('cartcoupon');
    const a3 = await course(tutorA, 'Discounted Carts', 999);
    const b2 = await course(tutorB, 'Given Away', 599);
    // Tutor A's 20% off every course of theirs: not tutor B's.
    const twenty = await coupon(tutorA, { courseId: null, percentOff: 20, maxUses: 5 });
    expect(twenty.status, JSON.stringify(twenty.body)).toBe(201);

    const put = await putCart(student, [a3._id, b2._id], twenty.body.code.toLowerCase());
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({
      items: [
        { courseId: a3._id, price: 999, payable: 799.2, couponApplies: true },
        { courseId: b2._id, price: 599, payable: 599, couponApplies: false },
      ],
      total: 1598,
      payable: 1398.2,
      coupon: {
        code: twenty.body.code,
        valid: true,
        message: 'The coupon applies to 1 of the 2 courses in your cart',
      },
    });
    expect(await getCart(student, '?couponCode=NOSUCHCODE')).toMatchObject({
      payable: 1598,
      coupon: { code: 'NOSUCHCODE', valid: false, message: 'This coupon code is not valid' },
    });
    expect(await checkOut(student, { couponCode: 'NOSUCHCODE' })).toMatchObject({
      status: 400,
      body: { message: 'This coupon code is not valid' },
    });

    const placed = await checkOut(student, { couponCode: twenty.body.code });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data.amount).toBe(139_820);
    const lines = await linesOf(student, placed.body.orderId);
    expect(lines.find((line) => line.courseEnrolled._id === a3._id)).toMatchObject({
      amount: 799.2,
      listPrice: 999,
      couponCode: twenty.body.code,
    });
    const other = lines.find((line) => line.courseEnrolled._id === b2._id);
    expect(other).toMatchObject({ amount: 599 });
    expect(other).not.toHaveProperty('couponCode');
    // One use for the order, however many lines it takes off.
    const listed = await readOk<{ data: Array<{ _id: string; used: number }> }>(
      stack,
      '/api/v1/coupons?limit=100',
      tutorA,
    );
    expect(listed.data.find((c) => c._id === twenty.body._id)?.used).toBe(1);

    // Tutor B's coupon that takes the whole price of their course: nothing to pay, no Razorpay order.
    const gift = await coupon(tutorB, { courseId: b2._id, percentOff: 100 });
    expect(gift.status, JSON.stringify(gift.body)).toBe(201);
    const giver = await stack.newUser('cartgift');
    expect((await putCart(giver, [b2._id], gift.body.code)).body).toMatchObject({
      payable: 0,
      coupon: { valid: true, message: 'The coupon makes your cart free' },
    });
    const free = await checkOut(giver, { couponCode: gift.body.code });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    expect(free.body).toEqual({
      orderId: expect.stringMatching(/^free_[0-9a-f]{24}$/),
      data: { amount: 0, id: free.body.orderId },
      courseIds: [b2._id],
      paid: true,
    });
    await eventually(async () => ((await enrolledIn(giver)).includes(b2._id) ? true : undefined));
    expect(await linesOf(giver, free.body.orderId)).toEqual([
      expect.objectContaining({
        success: true,
        amount: 0,
        listPrice: 599,
        razorpay_payment_id: free.body.orderId.replace(/^free_/, 'coupon_'),
      }),
    ]);
    expect((await getCart(giver)).courseIds).toEqual([]);
  });

  it("pays nothing on a forged proof, another kind of order's id, or a one-course callback of a cart's order", async () => {
    const student = await stack.newUser('cartforged');
    const c = await course(tutorB, 'Forged Carts', 449);
    expect((await putCart(student, [c._id])).status).toBe(200);
    const order = (await checkOut(student)).body;
    const paid = await payOnSandbox(stack, order.orderId, cartCallback(order.orderId), {
      followCallback: false,
    });
    if (paid.outcome !== 'success') throw new Error('declined');
    const failed = `${stack.url}/paymentfailed?reason=invalid`;
    // Only the browser's proofs here: the sandbox's own webhook may already have paid it, so
    // the check is on the answers, which never say success for a bad proof.
    const single = await stack.newUser('singlebuyer');
    const one = (await checkout(stack, single, c)).body;
    const attempts: Array<[string, Record<string, string>]> = [
      [cartCallback(order.orderId), { ...paid.fields, razorpay_signature: '0'.repeat(64) }],
      [cartCallback(order.orderId), { ...paid.fields, razorpay_payment_id: 'pay_Forged0000000' }],
      [cartCallback(`order_${new ObjectId().toHexString().slice(0, 14)}`), paid.fields],
      [cartCallback(one.orderId), paid.fields],
      [callbackFor(stack, order.orderId, c, student), paid.fields],
    ];
    for (const [url, fields] of attempts) {
      expect(await postCallback(url, fields), url).toEqual({ status: 303, location: failed });
    }
    expect((await linesOf(single, one.orderId))[0]?.success).toBe(false);
    const declined = await postCallback(cartCallback(order.orderId), { 'error[code]': 'BAD_REQUEST_ERROR' });
    expect(declined.location).toBe(`${stack.url}/paymentfailed?reason=declined`);
    const genuine = await postCallback(cartCallback(order.orderId), paid.fields);
    expect(genuine.location).toBe(`${stack.url}/paymentsuccess?reference=${paid.fields.razorpay_payment_id}`);
  });
});
