/**
 * Free courses through the gateway: a tutor prices a course at 0 (or makes a paid one free), a
 * student enrolls with `POST api/v1/enroll-free/{courseId}` — no order, no Razorpay, no payment
 * row and no ledger line — once however often and however concurrently it is asked, and the
 * enrollment counts as a student everywhere students are counted but nowhere as revenue.
 */
import { type CourseDetails, createApiClient, type ResponseOf } from '@liveedu/api-client';
import { countLeftovers } from '@liveedu/catalog';
import { CATALOG_COURSE_ENROLLED } from '@liveedu/contracts';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countPublished } from '../support/events.ts';
import {
  checkout,
  courseData,
  courseDetails,
  courseForm,
  createCourse,
  moneyFigure,
  newTutor,
  payAndReturn,
  readOk,
} from '../support/flows.ts';
import { purchaseStack } from '../support/platform.ts';
import { eventually, type Session, type TestStack } from '../support/stack.ts';

type Enrolled = ResponseOf<'/api/v1/enrolled-courses', 'get'>['coursesEnrolled'];
type Analytics = ResponseOf<'/api/v1/course-analytics/{courseId}', 'get'>;
type History = ResponseOf<'/api/v1/order-history', 'get'>;

const PRICE_MESSAGE = 'Price must be a whole number of rupees, 0 for a free course';

let stack: TestStack;
let tutor: Session;
let admin: Session;

beforeAll(async () => {
  ({ stack, admin } = await purchaseStack());
  tutor = await newTutor(stack, 'freetutor');
  // One real sale first, so the figures a free enrollment must leave alone are not all zero.
  const sold = await courseDetails(stack, await createCourse(stack, tutor, { title: 'Sold', price: 499 }));
  const buyer = await stack.newUser('buyer');
  const opened = await checkout(stack, buyer, sold);
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  await payAndReturn(stack, buyer, opened.body.orderId, sold);
  await eventually(
    async () => ((await moneyFigure(stack, admin, '/api/v1/getTotalRevnue')) === 499 ? true : undefined),
    20_000,
    'the sale in the revenue',
  );
}, 120_000);
afterAll(() => stack?.close());

const enrollFree = (courseId: string, as?: Session) =>
  stack.call<{ message: string; courseId?: string }>(
    'POST',
    `/api/v1/enroll-free/${courseId}`,
    as ? { as } : {},
  );

const freeCourse = (title: string) => createCourse(stack, tutor, { title, price: 0 });

async function enrolledIn(student: Session): Promise<Enrolled> {
  const list = await readOk<{ coursesEnrolled: Enrolled }>(stack, '/api/v1/enrolled-courses', student);
  return list.coursesEnrolled;
}

/** The catalog's enrollment rows of a course, read from its database. */
const enrollmentRows = (courseId: string) =>
  stack.services.catalog!.app.db.collection('enrollments').find({ courseId }).toArray();

/** How many `catalog.course.enrolled` the catalog published for this student and course. */
const enrolledEvents = (courseId: string, studentId: string) =>
  countPublished(stack.services.catalog, 'catalog', CATALOG_COURSE_ENROLLED, { courseId, studentId });

/** The course page once its enrolled count reads `count` (pages follow the catalog's events). */
const pageWithCount = (courseId: string, count: number, as: Session): Promise<CourseDetails> =>
  eventually(
    async () => {
      const page = await courseDetails(stack, courseId, as);
      return page.enrolledCount === count ? page : undefined;
    },
    15_000,
    `enrolled count ${count}`,
  );

/** Everything money: revenue, the tutor's income, orders, payment rows and ledger lines. */
async function money(student: Session) {
  const payments = stack.services.payments!.app.db.collection('payments');
  const ledger = stack.services.earnings!.app.db.collection('ledger');
  const allPayments = await readOk<{ total: number }>(stack, '/api/v1/all-payment-history', admin);
  return {
    revenue: await moneyFigure(stack, admin, '/api/v1/getTotalRevnue'),
    revenueThisMonth: await moneyFigure(stack, admin, '/api/v1/getTotalRevenueThisMonth'),
    platformShare: await moneyFigure(stack, admin, '/api/v1/getTotalRevenueTwentyPercent'),
    tutorIncome: await moneyFigure(stack, tutor, '/api/v1/total-income-tutor'),
    allOrders: allPayments.total,
    studentOrders: (await readOk<History>(stack, '/api/v1/order-history', student)).data.length,
    paymentRows: await payments.countDocuments({}),
    studentPaymentRows: await payments.countDocuments({ studentId: student._id }),
    ledgerLines: await ledger.countDocuments({}),
  };
}

describe('pricing a course at 0', () => {
  it('publishes a free course, makes a paid one free, and still refuses prices below 0 or in fractions', async () => {
    const free = await freeCourse('Free From The Start');
    expect((await courseDetails(stack, free)).price).toBe(0);
    const freeOnes = await readOk<ResponseOf<'/api/v1/courses', 'get'>>(stack, '/api/v1/courses?free=true');
    expect(freeOnes.courses.map((c) => c._id)).toContain(free);

    const paid = await createCourse(stack, tutor, { title: 'Paid Then Free', price: 499 });
    expect((await courseDetails(stack, paid, tutor)).price).toBe(499);
    const made = await stack.call('PUT', `/api/v1/update-course/${paid}`, {
      as: tutor,
      raw: courseForm(courseData({ title: 'Paid Then Free', price: 0 }), null),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await courseDetails(stack, paid, tutor)).price).toBe(0);

    for (const price of [-1, 0.5, '2.50', 'free']) {
      const refused = await stack.call('PUT', `/api/v1/update-course/${paid}`, {
        as: tutor,
        raw: courseForm(courseData({ title: 'Paid Then Free', price }), null),
      });
      expect({ price, status: refused.status, body: refused.body }).toEqual({
        price,
        status: 400,
        body: { message: PRICE_MESSAGE },
      });
    }
    expect((await courseDetails(stack, paid, tutor)).price).toBe(0);
  });
});

describe('enrolling in a free course', () => {
  it('enrolls without an order: listed, playable and counted as a student, with revenue and orders unchanged', async () => {
    const courseId = await freeCourse('Open Algebra');
    const student = await stack.newUser('freestudent');
    const before = await courseDetails(stack, courseId, student);
    const analyticsBefore = await readOk<Analytics>(stack, `/api/v1/course-analytics/${courseId}`, tutor);
    const moneyBefore = await money(student);
    expect(moneyBefore).toMatchObject({ revenue: 499, studentOrders: 0, studentPaymentRows: 0 });
    expect(moneyBefore.ledgerLines).toBeGreaterThan(0);

    const enrolled = await enrollFree(courseId, student);
    expect({ status: enrolled.status, body: enrolled.body }).toEqual({
      status: 201,
      body: { message: 'You are enrolled in this course', courseId },
    });

    const list = await enrolledIn(student);
    expect(list.map((c) => ({ _id: c._id, price: c.price, progress: c.progress }))).toEqual([
      { _id: courseId, price: 0, progress: 0 },
    ]);
    const learn = await readOk<ResponseOf<'/api/v1/learn-course/{courseId}/user/{userId}', 'get'>>(
      stack,
      `/api/v1/learn-course/${courseId}/user/${student._id}`,
      student,
    );
    expect(learn.title).toBe('Open Algebra');
    expect(learn.courseContent.flat().map((item) => item.videoLink)).toContain(
      'https://videos.example.com/why.mp4',
    );

    // A student of the course, of its tutor and in the tutor's figures.
    const after = await pageWithCount(courseId, before.enrolledCount + 1, student);
    expect(after.studentsEnrolled).toEqual([student._id]);
    expect(after.instructor.students).toBe(before.instructor.students + 1);
    const analytics = await readOk<Analytics>(stack, `/api/v1/course-analytics/${courseId}`, tutor);
    expect(analytics.enrolled).toBe(analyticsBefore.enrolled + 1);
    const row = (await enrollmentRows(courseId))[0];
    expect(row).toMatchObject({ studentId: student._id, courseId, free: true, counted: true });
    expect(row).not.toHaveProperty('paymentId');
    await eventually(
      async () => ((await enrolledEvents(courseId, student._id)) === 1 ? true : undefined),
      15_000,
      'catalog.course.enrolled',
    );

    // Not revenue: no order, no payment row, no ledger line, every figure where it was.
    expect(await money(student)).toEqual(moneyBefore);
  });

  it('answers 409 the second time, with still one enrollment counted once', async () => {
    const courseId = await freeCourse('Open Geometry');
    const student = await stack.newUser('twice');
    const before = (await courseDetails(stack, courseId, student)).enrolledCount;
    expect((await enrollFree(courseId, student)).status).toBe(201);
    await pageWithCount(courseId, before + 1, student);

    const again = await enrollFree(courseId, student);
    expect({ status: again.status, body: again.body }).toEqual({
      status: 409,
      body: { message: 'You are already enrolled in this course' },
    });
    // The same course spelt in capitals is the same course and the same enrollment.
    const shouted = await enrollFree(courseId.toUpperCase(), student);
    expect(shouted.status).toBe(409);

    expect(await enrollmentRows(courseId)).toHaveLength(1);
    expect((await enrolledIn(student)).map((c) => c._id)).toEqual([courseId]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await courseDetails(stack, courseId, student)).enrolledCount).toBe(before + 1);
    expect(await enrolledEvents(courseId, student._id)).toBe(1);
  });

  it('enrolls once under 10 simultaneous calls: one 201, nine 409, the count up by one', async () => {
    const courseId = await freeCourse('Open Calculus');
    const student = await stack.newUser('rush');
    const before = (await courseDetails(stack, courseId, student)).enrolledCount;

    const answers = await Promise.all(Array.from({ length: 10 }, () => enrollFree(courseId, student)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);

    expect(await enrollmentRows(courseId)).toHaveLength(1);
    expect((await enrolledIn(student)).map((c) => c._id)).toEqual([courseId]);
    await pageWithCount(courseId, before + 1, student);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await courseDetails(stack, courseId, student)).enrolledCount).toBe(before + 1);
    expect(await enrolledEvents(courseId, student._id)).toBe(1);
  });

  it('enrolls through the front end’s client', async () => {
    const courseId = await freeCourse('Open Statistics');
    const student = await stack.newUser('clientfree');
    const client = createApiClient({
      baseUrl: stack.url,
      credentials: () => ({ id: student._id, token: student.token }),
    });
    expect(await client.enrollFree(courseId)).toEqual({
      message: 'You are enrolled in this course',
      courseId,
    });
    await expect(client.enrollFree(courseId)).rejects.toMatchObject({
      status: 409,
      message: 'You are already enrolled in this course',
    });
    expect((await client.enrolledCourses()).coursesEnrolled.map((c) => c._id)).toEqual([courseId]);
  });
});

describe('a free enrollment cut short', () => {
  it('is listed and counted at the next start, once however many replicas start at once', async () => {
    const courseId = await freeCourse('Open Logic');
    const student = await stack.newUser('cutshort');
    const underway = await stack.newUser('underway');
    const before = (await courseDetails(stack, courseId, student)).enrolledCount;
    const app = stack.services.catalog!.app;
    const rows = app.db.collection<{ _id: string }>('enrollments');
    const buyer = await stack.newUser('paidhalf');
    const row = (who: Session, enrolledAt: Date, how: object = { free: true }) => ({
      _id: `${who._id}:${courseId}`,
      studentId: who._id,
      courseId,
      enrolledAt,
      ...how,
      counted: false,
      countToken: new ObjectId().toHexString(),
    });
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000);
    await rows.insertMany([
      // The rows calls leave when they stop after inserting: one long ago, one a moment ago.
      row(student, fiveMinutesAgo),
      row(underway, new Date()),
      // A purchase's row waiting for its count is its payment event's to finish, however old.
      row(buyer, fiveMinutesAgo, { paymentId: 'pay_Half' }),
    ]);

    await Promise.all([1, 2, 3].map(() => countLeftovers(app.db, app.outbox, new Date(), app.log)));

    await pageWithCount(courseId, before + 1, student);
    expect((await enrolledIn(student)).map((c) => c._id)).toEqual([courseId]);
    expect(await rows.findOne({ _id: `${student._id}:${courseId}` })).toMatchObject({ counted: true });
    // The one a moment ago is its own call's to finish.
    expect(await rows.findOne({ _id: `${underway._id}:${courseId}` })).toMatchObject({ counted: false });
    expect(await rows.findOne({ _id: `${buyer._id}:${courseId}` })).toMatchObject({ counted: false });
    expect(await countLeftovers(app.db, app.outbox, new Date(), app.log)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await courseDetails(stack, courseId, student)).enrolledCount).toBe(before + 1);
    expect(await enrolledEvents(courseId, student._id)).toBe(1);
    // Its student asking again finishes it at once, and is told they are enrolled.
    expect((await enrollFree(courseId, underway)).status).toBe(409);
    await pageWithCount(courseId, before + 2, student);
  });
});

describe('what enroll-free refuses', () => {
  it('a course with a price: 400, and nothing enrolled', async () => {
    const paid = await createCourse(stack, tutor, { title: 'Still Paid', price: 499 });
    const student = await stack.newUser('notfree');
    const refused = await enrollFree(paid, student);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 400,
      body: { message: 'This course is not free' },
    });
    expect(await enrollmentRows(paid)).toEqual([]);
    expect(await enrolledIn(student)).toEqual([]);
  });

  it("the tutor's own course: 403", async () => {
    const courseId = await freeCourse('Open To Others');
    const own = await enrollFree(courseId, tutor);
    expect({ status: own.status, body: own.body }).toEqual({
      status: 403,
      body: { message: 'You cannot enroll in your own course' },
    });
    expect(await enrollmentRows(courseId)).toEqual([]);
  });

  it('a visitor: 401; an unknown, a deleted or a malformed course: 404, 404 and 400', async () => {
    const courseId = await freeCourse('Open Then Withdrawn');
    const student = await stack.newUser('refused');
    const visitor = await enrollFree(courseId);
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ message: expect.any(String) });

    const unknown = await enrollFree(new ObjectId().toHexString(), student);
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: 404,
      body: { message: 'Course not found' },
    });
    expect((await stack.call('DELETE', `/api/v1/delete-course/${courseId}`, { as: tutor })).status).toBe(200);
    const deleted = await enrollFree(courseId, student);
    // A withdrawn course answers exactly as one that never was.
    expect({ status: deleted.status, body: deleted.body }).toEqual({
      status: unknown.status,
      body: unknown.body,
    });
    const malformed = await enrollFree('not-a-course', student);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: expect.any(String) });
    expect(await enrollmentRows(courseId)).toEqual([]);
  });
});

describe('the checkout of a free course', () => {
  it('answers 400 pointing to enrolling without paying, and opens no order', async () => {
    const courseId = await freeCourse('Open Trigonometry');
    const student = await stack.newUser('freebuyer');
    const course = await courseDetails(stack, courseId, student);
    const payments = stack.services.payments!.app.db.collection('payments');
    const rowsBefore = await payments.countDocuments({});

    const opened = await checkout(stack, student, course);
    expect({ status: opened.status, body: opened.body }).toEqual({
      status: 400,
      body: { message: 'This course is free: enroll without paying' },
    });
    expect(await payments.countDocuments({})).toBe(rowsBefore);
    expect((await readOk<History>(stack, '/api/v1/order-history', student)).data).toEqual([]);
    expect(await enrolledIn(student)).toEqual([]);
  });
});
