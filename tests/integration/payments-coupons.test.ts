import type { CourseDetails, MessageResponse, PaymentRecord, ResponseOf } from '@liveedu/api-client';
import { TEST_CARDS } from '@liveedu/razorpay-sandbox';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callbackUrl,
  courseDetails,
  createCourse,
  moneyFigure,
  newTutor,
  payOnSandbox,
  razorpayEntity,
  readOk,
  sandboxOf,
} from '../support/flows.ts';
import { purchaseStack } from '../support/platform.ts';
import { eventually, type Session, type TestStack } from '../support/stack.ts';

/** A coupon as its maker sees it. */
interface Coupon {
  _id: string;
  code: string;
  courseId: string | null;
  scope: 'course' | 'tutor' | 'platform';
  percentOff?: number;
  amountOff?: number;
  startsAt: string;
  endsAt: string;
  maxUses?: number;
  perUser: number;
  used: number;
  active: boolean;
  createdAt: string;
}
interface CouponPage {
  data: Coupon[];
  total: number;
  page: number;
  pages: number;
}
interface Check {
  valid: boolean;
  price: number;
  discounted: number;
  message: string;
}
type Placed = ResponseOf<'/api/v1/checkout', 'post'> & { paid: boolean };
/** A history line with what the coupon changed. */
type Line = PaymentRecord & { couponCode?: string; listPrice?: number; user?: { _id: string } };

const HOUR = 3_600_000;
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
/** On from an hour ago until an hour from now. */
const OPEN = () => ({ startsAt: hoursFromNow(-1), endsAt: hoursFromNow(1) });

let stack: TestStack;
let tutor: Session;
let otherTutor: Session;
let admin: Session;
/** The tutor's courses (₹499, ₹799, ₹1299) and the other tutor's (₹599). */
let courses: CourseDetails[];
let othersCourse: CourseDetails;

beforeAll(async () => {
  ({ stack, admin } = await purchaseStack());
  tutor = await newTutor(stack, 'coupontutor');
  otherTutor = await newTutor(stack, 'othertutor');
  courses = [];
  for (const [title, price] of [
    ['Discounted Databases', 499],
    ['Promotions in Practice', 799],
    ['Coupons at Scale', 1299],
  ] as const) {
    courses.push(await courseDetails(stack, await createCourse(stack, tutor, { title, price }), tutor));
  }
  othersCourse = await courseDetails(
    stack,
    await createCourse(stack, otherTutor, { title: 'Somebody Else Teaches', price: 599 }),
    otherTutor,
  );
});
afterAll(() => stack?.close());

let codes = 0;
/** A code no test has used. */
function freshCode(prefix = 'C'): string {
  codes += 1;
  return `${prefix}${codes}${Math.random().toString(36).slice(2, 8)}`.toUpperCase().slice(0, 20);
}

function makeCoupon(who: Session, body: Record<string, unknown>) {
  return stack.call<Coupon & MessageResponse>('POST', '/api/v1/coupons', { as: who, body });
}

/** A coupon made by `who` (a course's by default: 20% off the tutor's first course, open now). */
async function coupon(who: Session, over: Record<string, unknown> = {}): Promise<Coupon> {
  const made = await makeCoupon(who, {
    code: freshCode(),
    courseId: courses[0]!._id,
    percentOff: 20,
    ...OPEN(),
    ...over,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}

function check(code: string, courseId: string, as?: Session) {
  const query = new URLSearchParams({ code, courseId });
  return stack.call<Check & MessageResponse>('GET', `/api/v1/coupons/check?${query}`, as ? { as } : {});
}

/** A checkout of `course` as the front end sends it, with a coupon code when given. */
function buy(student: Session, course: CourseDetails, couponCode?: string) {
  return stack.call<Placed & MessageResponse>('POST', '/api/v1/checkout', {
    as: student,
    body: {
      amount: course.price,
      paymentTo: course.courseCreatedBy._id,
      course: course._id,
      paymentBy: student._id,
      ...(couponCode !== undefined ? { couponCode } : {}),
    },
  });
}

async function history(who: Session, path = '/api/v1/order-history'): Promise<Line[]> {
  return (await readOk<{ data: Line[] }>(stack, `${path}?limit=100`, who)).data;
}

/** A coupon as its maker's list shows it now. */
async function listed(who: Session, id: string): Promise<Coupon | undefined> {
  return (await readOk<CouponPage>(stack, '/api/v1/coupons?limit=100', who)).data.find((c) => c._id === id);
}

/** `count` new students, signed up a few at a time. */
async function students(count: number, prefix: string): Promise<Session[]> {
  const made: Session[] = [];
  while (made.length < count) {
    const batch = Math.min(10, count - made.length);
    made.push(...(await Promise.all(Array.from({ length: batch }, () => stack.newUser(prefix)))));
  }
  return made;
}

const coursesOf = async (student: Session) =>
  (
    await readOk<ResponseOf<'/api/v1/enrolled-courses', 'get'>>(stack, '/api/v1/enrolled-courses', student)
  ).coursesEnrolled.map((c) => c._id);

describe('making coupons', () => {
  it('a tutor makes them for their own courses or all of them; the admin for any course or the whole platform', async () => {
    const mine = await coupon(tutor, { code: freshCode('mine').toLowerCase(), maxUses: 5 });
    expect(mine).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      code: expect.stringMatching(/^MINE[0-9A-Z]+$/),
      courseId: courses[0]!._id,
      scope: 'course',
      percentOff: 20,
      startsAt: expect.any(String),
      endsAt: expect.any(String),
      maxUses: 5,
      perUser: 1,
      used: 0,
      active: true,
      createdAt: expect.any(String),
    });
    const everyCourse = await coupon(tutor, {
      courseId: null,
      percentOff: undefined,
      amountOff: 50.5,
      perUser: 3,
    });
    expect(everyCourse).toMatchObject({ scope: 'tutor', courseId: null, amountOff: 50.5, perUser: 3 });
    expect(everyCourse).not.toHaveProperty('percentOff');
    expect(await coupon(admin, { courseId: null })).toMatchObject({ scope: 'platform', courseId: null });
    expect(await coupon(admin, { courseId: othersCourse._id })).toMatchObject({
      scope: 'course',
      courseId: othersCourse._id,
    });

    // The same code in another case is the same code.
    const again = await makeCoupon(tutor, {
      code: mine.code.toLowerCase(),
      courseId: null,
      percentOff: 5,
      ...OPEN(),
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: expect.any(String) });
  });

  it("refuses students, another tutor's course, a course that does not exist, and terms that do not hold together", async () => {
    const student = await stack.newUser('couponstudent');
    const base = { code: freshCode(), courseId: courses[0]!._id, percentOff: 10, ...OPEN() };
    const refused = async (who: Session, body: Record<string, unknown>, status: number) => {
      const answer = await makeCoupon(who, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(Object.keys(answer.body)).toEqual(['message']);
    };
    await refused(student, base, 403);
    await refused(tutor, { ...base, courseId: othersCourse._id }, 403);
    await refused(tutor, { ...base, courseId: new ObjectId().toHexString() }, 404);
    await refused(tutor, { ...base, amountOff: 100 }, 400);
    await refused(tutor, { ...base, percentOff: undefined }, 400);
    await refused(tutor, { ...base, percentOff: 0 }, 400);
    await refused(tutor, { ...base, percentOff: 101 }, 400);
    await refused(tutor, { ...base, percentOff: undefined, amountOff: 1.005 }, 400);
    await refused(tutor, { ...base, percentOff: undefined, amountOff: 0 }, 400);
    await refused(tutor, { ...base, endsAt: base.startsAt }, 400);
    await refused(tutor, { ...base, startsAt: hoursFromNow(2), endsAt: hoursFromNow(1) }, 400);
    await refused(tutor, { ...base, code: 'AB1' }, 400);
    await refused(tutor, { ...base, code: 'SAVE-10' }, 400);
    await refused(tutor, { ...base, maxUses: 0 }, 400);
    await refused(tutor, { ...base, perUser: 0 }, 400);
    await refused(tutor, { ...base, startsAt: 'tomorrow' }, 400);
    // None of them was made.
    expect(
      (await readOk<CouponPage>(stack, '/api/v1/coupons?limit=100', tutor)).data.map((c) => c.code),
    ).not.toContain(base.code);
  });

  it("lists a tutor's own coupons and the admin everyone's, newest first; each switches off only its own", async () => {
    const lister = await newTutor(stack, 'lister');
    const own = await courseDetails(
      stack,
      await createCourse(stack, lister, { title: 'Listed Offers', price: 299 }),
      lister,
    );
    const first = await coupon(lister, { courseId: own._id });
    const second = await coupon(lister, { courseId: null });
    const theirs = await coupon(tutor);

    const page = await readOk<CouponPage>(stack, '/api/v1/coupons', lister);
    expect(page).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(page.data.map((c) => c._id)).toEqual([second._id, first._id]);
    expect(
      (await readOk<CouponPage>(stack, `/api/v1/coupons?courseId=${own._id}`, lister)).data.map((c) => c._id),
    ).toEqual([first._id]);
    const paged = await readOk<CouponPage>(stack, '/api/v1/coupons?limit=1&page=2', lister);
    expect(paged).toMatchObject({ total: 2, page: 2, pages: 2, data: [{ _id: first._id }] });
    const everyone = await readOk<CouponPage>(stack, '/api/v1/coupons?limit=100', admin);
    expect(everyone.data.map((c) => c._id)).toEqual(
      expect.arrayContaining([first._id, second._id, theirs._id]),
    );
    for (const bad of ['page=0', 'limit=101', 'courseId=nope']) {
      expect((await stack.call('GET', `/api/v1/coupons?${bad}`, { as: lister })).status).toBe(400);
    }
    const student = await stack.newUser('nolist');
    expect((await stack.call('GET', '/api/v1/coupons', { as: student })).status).toBe(403);

    const off = (who: Session, id: string, active = false) =>
      stack.call<Coupon & MessageResponse>('PUT', `/api/v1/coupons/${id}`, { as: who, body: { active } });
    expect((await off(lister, theirs._id)).status).toBe(404);
    expect((await off(lister, new ObjectId().toHexString())).status).toBe(404);
    expect((await off(student, first._id)).status).toBe(403);
    expect((await stack.call('PUT', `/api/v1/coupons/${first._id}`, { as: lister, body: {} })).status).toBe(
      400,
    );
    const switched = await off(lister, first._id);
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ _id: first._id, active: false });
    expect((await off(admin, first._id, true)).body).toMatchObject({ active: true });
    expect(await listed(tutor, theirs._id)).toMatchObject({ active: true });
  });
});

describe('pricing a checkout with a coupon', () => {
  it('takes a percentage or an amount off, and orders the rest from Razorpay', async () => {
    const student = await stack.newUser('percent');
    const [course] = courses;
    const pct = await coupon(tutor, { courseId: course!._id, percentOff: 20 });
    expect((await check(pct.code.toLowerCase(), course!._id)).body).toEqual({
      valid: true,
      price: 499,
      discounted: 399.2,
      message: expect.any(String),
    });
    const placed = await buy(student, course!, ` ${pct.code.toLowerCase()} `);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toEqual({
      orderId: expect.stringMatching(/^order_/),
      data: { amount: 39_920, id: placed.body.orderId },
      paid: false,
    });
    expect(await razorpayEntity(stack, `orders/${placed.body.orderId}`)).toMatchObject({ amount: 39_920 });
    expect((await history(student)).find((r) => r.razorpay_order_id === placed.body.orderId)).toMatchObject({
      amount: 399.2,
      listPrice: 499,
      couponCode: pct.code,
      success: false,
    });
    expect(await listed(tutor, pct._id)).toMatchObject({ used: 1 });

    const amount = await coupon(tutor, { courseId: courses[1]!._id, percentOff: undefined, amountOff: 100 });
    const second = await buy(student, courses[1]!, amount.code);
    expect(second.body).toMatchObject({ data: { amount: 69_900 }, paid: false });
    // Without a coupon the price is the catalog's, and the answer says there is something to pay.
    const plain = await buy(await stack.newUser('plain'), courses[1]!);
    expect(plain.body).toMatchObject({ data: { amount: 79_900 }, paid: false });
    expect((await history(student)).find((r) => r.razorpay_order_id === plain.body.orderId)).toBeUndefined();
  });

  it('a double click with a coupon places one order holding one use', async () => {
    const student = await stack.newUser('doubleclick');
    const once = await coupon(tutor, { courseId: courses[1]!._id, percentOff: 30, perUser: 1 });
    const [first, second] = await Promise.all([
      buy(student, courses[1]!, once.code),
      buy(student, courses[1]!, once.code),
    ]);
    expect([first.status, second.status], JSON.stringify([first.body, second.body])).toEqual([200, 200]);
    expect(second.body.orderId).toBe(first.body.orderId);
    expect(first.body.data.amount).toBe(55_930);
    // A moment later too.
    expect((await buy(student, courses[1]!, once.code)).body.orderId).toBe(first.body.orderId);
    expect(await listed(tutor, once._id)).toMatchObject({ used: 1 });
    expect((await history(student)).filter((r) => r.couponCode === once.code)).toHaveLength(1);
  });

  it('never goes below ₹0: an amount above the price makes the course free', async () => {
    const student = await stack.newUser('floor');
    const big = await coupon(tutor, { courseId: courses[1]!._id, percentOff: undefined, amountOff: 5000 });
    expect((await check(big.code, courses[1]!._id, student)).body).toMatchObject({
      valid: true,
      price: 799,
      discounted: 0,
    });
    const placed = await buy(student, courses[1]!, big.code);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toMatchObject({ data: { amount: 0 }, paid: true });
  });

  it('refuses a coupon outside its window, switched off, or for another course, at the check and at checkout', async () => {
    const student = await stack.newUser('refused');
    const [first, second] = courses;
    const notYet = await coupon(tutor, { startsAt: hoursFromNow(1), endsAt: hoursFromNow(2) });
    const expired = await coupon(tutor, { startsAt: hoursFromNow(-2), endsAt: hoursFromNow(-1) });
    const off = await coupon(tutor);
    expect(
      (await stack.call('PUT', `/api/v1/coupons/${off._id}`, { as: tutor, body: { active: false } })).status,
    ).toBe(200);
    const everyCourse = await coupon(tutor, { courseId: null, percentOff: 10 });

    const cases: [string, CourseDetails, RegExp][] = [
      [notYet.code, first!, /not valid yet/],
      [expired.code, first!, /expired/],
      [off.code, first!, /no longer active/],
      // A course's coupon on another course of the same tutor.
      [(await coupon(tutor, { courseId: first!._id })).code, second!, /does not apply/],
      // A tutor's coupon on another tutor's course.
      [everyCourse.code, othersCourse, /does not apply/],
      ['NOSUCHCODE1', first!, /not valid/],
    ];
    for (const [code, course, message] of cases) {
      const checked = await check(code, course._id, student);
      expect(checked.status).toBe(200);
      expect(checked.body, code).toEqual({
        valid: false,
        price: course.price,
        discounted: course.price,
        message: expect.stringMatching(message),
      });
      const refused = await buy(student, course, code);
      expect(refused.status, code).toBe(400);
      expect(refused.body).toEqual({ message: checked.body.message });
    }
    // Nothing was ordered, and the tutor's coupon does apply to the tutor's other courses.
    expect(await history(student)).toEqual([]);
    expect((await check(everyCourse.code, courses[2]!._id)).body).toMatchObject({
      valid: true,
      discounted: 1169.1,
    });
    // A visitor may check; a course that does not exist is not found, whatever the code.
    expect((await check('NOSUCHCODE1', new ObjectId().toHexString())).status).toBe(404);
    expect((await check(everyCourse.code, 'nope')).status).toBe(400);
    expect((await buy(student, first!, 'x'.repeat(65))).status).toBe(400);
  });
});

describe('uses of a coupon under simultaneous checkouts', () => {
  it('maxUses 10: of 50 students checking out at once, exactly 10 get orders with the coupon', async () => {
    const limited = await coupon(tutor, { courseId: courses[2]!._id, maxUses: 10 });
    const buyers = await students(50, 'rush');
    const answers = await Promise.all(buyers.map((student) => buy(student, courses[2]!, limited.code)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(10);
    expect(ok.every((a) => a.body.data.amount === 103_920)).toBe(true);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => [a.status, a.body.message])).toEqual(
      Array.from({ length: 40 }, () => [400, 'This coupon has been used up']),
    );
    expect(await listed(tutor, limited._id)).toMatchObject({ used: 10 });
    // Ten orders at Razorpay and ten rows with the coupon.
    const rows = (await history(admin, '/api/v1/all-payment-history')).filter(
      (r) => r.couponCode === limited.code,
    );
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.user?._id)).size).toBe(10);
  }, 120_000);

  it('perUser 2: one student checking out 50 courses at once gets the coupon on 2', async () => {
    const seller = await newTutor(stack, 'bulkseller');
    const many: CourseDetails[] = [];
    while (many.length < 50) {
      const batch = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          createCourse(stack, seller, { title: `Bulk Course ${many.length + i}`, price: 199 }),
        ),
      );
      for (const id of batch) many.push(await courseDetails(stack, id, seller));
    }
    const twice = await coupon(seller, { courseId: null, percentOff: 50, perUser: 2 });
    const student = await stack.newUser('greedy');
    const answers = await Promise.all(many.map((course) => buy(student, course, twice.code)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeLessThanOrEqual(2);
    expect(ok).toHaveLength(2);
    expect(ok.every((a) => a.body.data.amount === 9_950)).toBe(true);
    expect(
      answers.filter((a) => a.status === 400 && /already used this coupon/.test(a.body.message)),
    ).toHaveLength(48);
    expect(await listed(seller, twice._id)).toMatchObject({ used: 2 });
    // Another student still may.
    expect((await buy(await stack.newUser('next'), many[0]!, twice.code)).status).toBe(200);
  }, 180_000);
});

describe('reservations given back', () => {
  it('a declined payment gives the use back, so another buyer can have it', async () => {
    const single = await coupon(tutor, { courseId: courses[0]!._id, percentOff: 50, maxUses: 1 });
    const first = await stack.newUser('declined');
    const order = await buy(first, courses[0]!, single.code);
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const second = await stack.newUser('second');
    expect((await buy(second, courses[0]!, single.code)).body).toEqual({
      message: 'This coupon has been used up',
    });

    const url = callbackUrl(stack, {
      orderId: order.body.orderId,
      courseId: courses[0]!._id,
      userId: first._id,
      teacherId: tutor._id,
      amount: 249.5,
    });
    const declined = await payOnSandbox(stack, order.body.orderId, url, { card: TEST_CARDS.declined });
    expect(declined.outcome).toBe('declined');
    // Razorpay's payment.failed webhook gives the use back.
    await eventually(
      async () => ((await listed(tutor, single._id))?.used === 0 ? true : undefined),
      15_000,
      'release',
    );
    const taken = await buy(second, courses[0]!, single.code);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.data.amount).toBe(24_950);
    expect(await listed(tutor, single._id)).toMatchObject({ used: 1 });
  });

  it('a reservation whose order expired unpaid is given back before the coupon is called used up', async () => {
    const single = await coupon(tutor, { courseId: courses[1]!._id, percentOff: 10, maxUses: 1 });
    const slow = await stack.newUser('slow');
    const held = await buy(slow, courses[1]!, single.code);
    expect(held.status).toBe(200);
    const late = await stack.newUser('late');
    expect((await buy(late, courses[1]!, single.code)).status).toBe(400);

    // Half an hour passes without a payment.
    const db = stack.services.payments?.app.db;
    if (!db) throw new Error('payments is not running');
    const row = await db.collection('payments').findOne({ razorpay_order_id: held.body.orderId });
    const reservations = db.collection<{ _id: string; state: string; expiresAt: Date }>(
      'coupon_reservations',
    );
    const moved = await reservations.updateOne(
      { _id: row!._id.toHexString(), state: 'reserved' },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    expect(moved.modifiedCount).toBe(1);

    const taken = await buy(late, courses[1]!, single.code);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect((await reservations.findOne({ _id: row!._id.toHexString() }))?.state).toBe('released');
    expect(await listed(tutor, single._id)).toMatchObject({ used: 1 });
  });
});

describe('what a coupon sale comes to', () => {
  /** Tutor income, admin revenue and admin profit, in rupees. */
  const ledger = async () => ({
    tutor: await moneyFigure(stack, tutor, '/api/v1/total-income-tutor'),
    revenue: await moneyFigure(stack, admin, '/api/v1/getTotalRevnue'),
    profit: await moneyFigure(stack, admin, '/api/v1/getTotalRevenueTwentyPercent'),
  });
  const rupees = (value: number) => Math.round(value * 100) / 100;

  it('a 100% coupon enrolls without Razorpay; the revenue does not grow; the histories show the coupon and ₹0', async () => {
    const student = await stack.newUser('freebie');
    const course = courses[2]!;
    const free = await coupon(tutor, { courseId: course._id, percentOff: 100 });
    const before = await ledger();

    const placed = await buy(student, course, free.code);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.orderId;
    expect(placed.body).toEqual({
      orderId: expect.stringMatching(/^free_[0-9a-f]{24}$/),
      data: { amount: 0, id: orderId },
      paid: true,
    });
    // Razorpay never heard of it.
    const sandbox = sandboxOf(stack);
    const atRazorpay = await fetch(`${sandbox.apiUrl}/v1/orders/${orderId}`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${sandbox.keyId}:${sandbox.keySecret}`).toString('base64')}`,
      },
    });
    expect(atRazorpay.status).not.toBe(200);

    await eventually(
      async () => ((await coursesOf(student)).includes(course._id) ? true : undefined),
      20_000,
      'enrollment',
    );
    const line = {
      razorpay_order_id: orderId,
      razorpay_payment_id: orderId.replace(/^free_/, 'coupon_'),
      courseEnrolled: { _id: course._id, title: course.title },
      amount: 0,
      listPrice: course.price,
      couponCode: free.code,
      success: true,
    };
    expect((await history(student)).find((r) => r.razorpay_order_id === orderId)).toMatchObject(line);
    expect(
      (await history(tutor, '/api/v1/payment-history')).find((r) => r.razorpay_order_id === orderId),
    ).toMatchObject({
      ...line,
      user: { _id: student._id },
    });
    expect(
      (await history(admin, '/api/v1/all-payment-history')).find((r) => r.razorpay_order_id === orderId),
    ).toMatchObject({ ...line, user: { _id: student._id } });
    expect(await listed(tutor, free._id)).toMatchObject({ used: 1 });

    await new Promise((resolve) => setTimeout(resolve, 1500)); // earnings has seen the ₹0 sale
    expect(await ledger()).toEqual(before);
    // Bought: a second checkout is refused.
    expect((await buy(student, course, free.code)).status).toBe(409);
  });

  it('a paid order with a coupon credits the tutor 80% and the platform 20% of what was paid', async () => {
    const student = await stack.newUser('halfprice');
    const course = courses[2]!;
    const half = await coupon(tutor, { courseId: course._id, percentOff: 50 });
    const before = await ledger();
    const placed = await buy(student, course, half.code);
    expect(placed.body).toMatchObject({ data: { amount: 64_950 }, paid: false });
    const url = callbackUrl(stack, {
      orderId: placed.body.orderId,
      courseId: course._id,
      userId: student._id,
      teacherId: tutor._id,
      amount: 649.5,
    });
    const paid = await payOnSandbox(stack, placed.body.orderId, url, { email: student.email });
    if (paid.outcome !== 'success') throw new Error(`declined: ${paid.message}`);
    expect(paid.callbackResponse?.location).toMatch(/\/paymentsuccess\?reference=pay_/);

    const expected = {
      tutor: rupees(before.tutor + 649.5 * 0.8),
      revenue: rupees(before.revenue + 649.5),
      profit: rupees(before.profit + 649.5 * 0.2),
    };
    await eventually(
      async () => {
        const now = await ledger();
        return JSON.stringify(now) === JSON.stringify(expected) ? true : undefined;
      },
      20_000,
      'the credit of what was paid',
    );
    await eventually(async () => ((await coursesOf(student)).includes(course._id) ? true : undefined));
    expect((await history(student)).find((r) => r.razorpay_order_id === placed.body.orderId)).toMatchObject({
      amount: 649.5,
      listPrice: 1299,
      couponCode: half.code,
      success: true,
    });
    // The use is kept for good: neither a replayed proof nor a late failure gives it back.
    expect(await listed(tutor, half._id)).toMatchObject({ used: 1 });
    const db = stack.services.payments?.app.db;
    const row = await db?.collection('payments').findOne({ razorpay_order_id: placed.body.orderId });
    expect(
      (
        await db
          ?.collection<{ _id: string; state: string }>('coupon_reservations')
          .findOne({ _id: row!._id.toHexString() })
      )?.state,
    ).toBe('redeemed');
  });
});
