import type { ResponseOf } from '@liveedu/api-client';
import { type Db, type Document, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkout,
  courseDetails,
  createCourse,
  newTutor,
  payAndReturn,
  publishPaymentSucceeded,
} from '../support/flows.ts';
import { PURCHASE_SERVICES } from '../support/platform.ts';
import { eventually, type Session, startTestStack, type TestStack } from '../support/stack.ts';

/**
 * Writes that change one course's counts, sent truly at once through the gateway to real
 * services: the counts must come out exact, with no retries and no lost or doubled update.
 */

const CROWD = 50;
const PRICE = 599;

interface StoredReview {
  userId: string;
  rating: number;
  comment: string;
  createdAt: Date;
}

let stack: TestStack;
let tutor: Session;
let courseId: string;
let students: Session[];
/** Each student's current rating of the course, as the tests wrote it. */
const ratings = new Map<string, number>();

const catalogDb = (): Db => {
  const db = stack.services.catalog?.app.db;
  if (!db) throw new Error('catalog is not running');
  return db;
};

/** The course as `as` (or a visitor) sees its page. */
const details = (as?: Session) => courseDetails(stack, courseId, as);

/** Checkout for every student at once, then every card payment and callback at once. */
async function buyAll(buyers: Session[]): Promise<void> {
  const course = await details();
  const orders = await Promise.all(buyers.map((student) => checkout(stack, student, course)));
  for (const order of orders) expect(order.status, JSON.stringify(order.body)).toBe(200);
  await Promise.all(
    buyers.map((student, i) => payAndReturn(stack, student, orders[i]!.body.orderId, course)),
  );
}

async function enrolledCountReaches(n: number): Promise<void> {
  await eventually(
    async () => ((await details()).enrolledCount === n ? true : undefined),
    60_000,
    `${n} enrolled`,
  );
}

const review = (student: Session, rating: number, comment: string) =>
  stack.call('POST', `/api/v1/create-review/${courseId}`, { as: student, body: { rating, review: comment } });

const expectedTotals = () => {
  const all = [...ratings.values()];
  const sum = all.reduce((a, b) => a + b, 0);
  return { sum, count: all.length, average: Math.round((sum / all.length) * 10) / 10 };
};

async function courseDoc() {
  const doc = await catalogDb()
    .collection('courses')
    .findOne({ _id: new ObjectId(courseId) });
  if (!doc) throw new Error('course is gone');
  return doc as unknown as {
    enrolledCount: number;
    ratingSum: number;
    ratingCount: number;
    ratingAverage: number;
    latestReviews: StoredReview[];
  };
}

/** The totals, the stored average and the newest ten all agree with the review rows. */
async function expectReviewsConsistent(): Promise<StoredReview[]> {
  const rows = (await catalogDb()
    .collection('reviews')
    .find({ courseId })
    .toArray()) as unknown as StoredReview[];
  const expected = expectedTotals();
  expect(rows).toHaveLength(expected.count);
  expect(new Map(rows.map((r) => [r.userId, r.rating]))).toEqual(ratings);

  const doc = await courseDoc();
  expect(doc).toMatchObject({
    ratingSum: expected.sum,
    ratingCount: expected.count,
    ratingAverage: expected.average,
  });
  expect(doc.latestReviews).toHaveLength(10);
  expect(new Set(doc.latestReviews.map((r) => r.userId)).size).toBe(10);
  // Each entry is its row as it stands, and no row left out is newer than one kept.
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  for (const entry of doc.latestReviews) {
    expect(byUser.get(entry.userId)).toMatchObject({
      rating: entry.rating,
      comment: entry.comment,
      createdAt: entry.createdAt,
    });
  }
  const kept = new Set(doc.latestReviews.map((r) => r.userId));
  const oldestKept = Math.min(...doc.latestReviews.map((r) => r.createdAt.getTime()));
  for (const row of rows) {
    if (!kept.has(row.userId)) expect(row.createdAt.getTime()).toBeLessThanOrEqual(oldestKept);
  }

  const page = await details();
  expect(page).toMatchObject({ ratingCount: expected.count, ratingAverage: expected.average });
  expect(page.reviews).toHaveLength(10);
  return doc.latestReviews;
}

beforeAll(async () => {
  stack = await startTestStack({
    services: PURCHASE_SERVICES,
    razorpay: true,
  });
  tutor = await newTutor(stack, 'crowdtutor');
  courseId = await createCourse(stack, tutor, { title: 'Crowded Course', price: PRICE });
  students = await Promise.all(Array.from({ length: CROWD }, () => stack.newUser('crowd')));
}, 180_000);
afterAll(() => stack?.close());

describe('one course bought and reviewed by many at once', () => {
  it(`${CROWD} purchases at once: ${CROWD} enrolled, each sees the course, the tutor is credited ${CROWD} times`, async () => {
    await buyAll(students);
    await enrolledCountReaches(CROWD);

    // Callbacks and webhooks both reported every payment; give any duplicate time to land.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await details()).enrolledCount).toBe(CROWD);
    expect((await courseDoc()).enrolledCount).toBe(CROWD);
    expect(await catalogDb().collection('enrollments').countDocuments({ courseId })).toBe(CROWD);

    const views = await Promise.all(
      students.map(async (student) => ({
        student,
        enrolled: await stack.call<ResponseOf<'/api/v1/enrolled-courses', 'get'>>(
          'GET',
          '/api/v1/enrolled-courses',
          {
            as: student,
          },
        ),
        page: await details(student),
      })),
    );
    for (const { student, enrolled, page } of views) {
      expect(enrolled.body.coursesEnrolled.map((c) => c._id)).toContain(courseId);
      expect(page.studentsEnrolled).toEqual([student._id]);
    }
    // Nobody else's id is on the page, whoever asks.
    expect((await details()).studentsEnrolled).toEqual([]);
    expect((await details(tutor)).studentsEnrolled).toEqual([]);

    const credited = Math.round(CROWD * PRICE * 0.8 * 100) / 100;
    await eventually(
      async () => {
        const income = await stack.call<ResponseOf<'/api/v1/total-income-tutor', 'get'>>(
          'GET',
          '/api/v1/total-income-tutor',
          {
            as: tutor,
          },
        );
        return income.body.earning === credited ? true : undefined;
      },
      60_000,
      'the tutor credited for every purchase',
    );
    // A page holds at most 100; the default is 24.
    const history = await stack.call<ResponseOf<'/api/v1/payment-history', 'get'>>(
      'GET',
      '/api/v1/payment-history?limit=100',
      { as: tutor },
    );
    expect(history.body.total).toBe(CROWD);
    const paidBy = history.body.data.filter((row) => row.success).map((row) => row.user?._id);
    expect(paidBy).toHaveLength(CROWD);
    expect(new Set(paidBy)).toEqual(new Set(students.map((s) => s._id)));
  }, 240_000);

  it(`${CROWD} enrolled students review at once: every review kept, totals exact`, async () => {
    const scores = [5, 4, 5, 3, 1];
    const answers = await Promise.all(
      students.map((student, i) => {
        const rating = scores[i % scores.length]!;
        ratings.set(student._id, rating);
        return review(student, rating, `Review ${i} by ${student.username}`);
      }),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(expectedTotals()).toEqual({ sum: 180, count: CROWD, average: 3.6 });
    await expectReviewsConsistent();
  }, 120_000);

  it("students' edits racing other students' first reviews lose neither", async () => {
    const newcomers = await Promise.all(Array.from({ length: 5 }, () => stack.newUser('late')));
    await buyAll(newcomers);
    await enrolledCountReaches(CROWD + newcomers.length);

    const editors = students.slice(0, 5);
    const writes = [
      ...editors.map((student, i) => {
        const rating = ((ratings.get(student._id)! + i) % 5) + 1;
        ratings.set(student._id, rating);
        return review(student, rating, `Edited by ${student.username}`);
      }),
      ...newcomers.map((student, i) => {
        const rating = (i % 5) + 1;
        ratings.set(student._id, rating);
        return review(student, rating, `First by ${student.username}`);
      }),
    ];
    const answers = await Promise.all(writes);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);

    const latest = await expectReviewsConsistent();
    // These ten were the last writes, so they are exactly the newest ten, as written.
    const written = [...editors, ...newcomers];
    expect(new Map(latest.map((r) => [r.userId, r.rating]))).toEqual(
      new Map(written.map((s) => [s._id, ratings.get(s._id)])),
    );
    expect(latest.filter((r) => r.comment.startsWith('Edited by'))).toHaveLength(5);
    expect(latest.filter((r) => r.comment.startsWith('First by'))).toHaveLength(5);
    expect((await details()).enrolledCount).toBe(CROWD + newcomers.length);
  }, 180_000);

  it("one student's edits sent at once: the course shows the edit the review row kept", async () => {
    const editor = students[0]!;
    for (let round = 0; round < 8; round += 1) {
      const answers = await Promise.all(
        [1, 3, 5].map((rating) => review(editor, rating, `Round ${round}, ${rating} stars`)),
      );
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const row = (await catalogDb()
        .collection('reviews')
        .findOne({ courseId, userId: editor._id })) as unknown as StoredReview;
      ratings.set(editor._id, row.rating);
      // The row, the totals and the course's newest reviews agree, whichever edit came last.
      await expectReviewsConsistent();
    }
  }, 120_000);
});

describe('an enrollment interrupted between its steps', () => {
  /** An enrollment row as the catalog writes it before counting it under `token`. */
  const insertUncountedRow = (student: string, courseId: string, token: string) =>
    catalogDb()
      .collection<Document & { _id: string }>('enrollments')
      .insertOne({
        _id: `${student}:${courseId}`,
        studentId: student,
        courseId,
        enrolledAt: new Date(),
        counted: false,
        countToken: token,
      });
  const publishPayment = (student: string, target: string) =>
    publishPaymentSucceeded(stack.services.catalog, {
      courseId: target,
      courseTitle: 'Interrupted',
      studentId: student,
      tutorId: tutor._id,
      amountPaise: PRICE * 100,
    });

  const countOf = async (id: string) =>
    (
      (await catalogDb()
        .collection('courses')
        .findOne({ _id: new ObjectId(id) })) as unknown as { enrolledCount: number }
    ).enrolledCount;

  const rowCounted = async (student: string, id: string) =>
    eventually(
      async () => {
        const row = await catalogDb()
          .collection<{ _id: string; counted?: boolean }>('enrollments')
          .findOne({ _id: `${student}:${id}` });
        return row?.counted === true ? true : undefined;
      },
      20_000,
      'the row marked counted',
    );

  it('is counted by the redelivered event when it stopped after inserting the row', async () => {
    const id = await createCourse(stack, tutor, { title: 'Interrupted Before Counting', price: PRICE });
    const student = new ObjectId().toHexString();
    // What a crash right after the insert leaves: the row, not yet in the count.
    await insertUncountedRow(student, id, new ObjectId().toHexString());
    await publishPayment(student, id);
    await rowCounted(student, id);
    expect(await countOf(id)).toBe(1);
  });

  it('is not counted twice when it stopped after the increment', async () => {
    const id = await createCourse(stack, tutor, { title: 'Interrupted After Counting', price: PRICE });
    const student = new ObjectId().toHexString();
    const token = new ObjectId().toHexString();
    // What a crash right after the increment leaves: counted on the course, not yet on the row.
    await insertUncountedRow(student, id, token);
    await catalogDb()
      .collection<{ _id: ObjectId; enrolledCount: number; countedTokens?: string[] }>('courses')
      .updateOne({ _id: new ObjectId(id) }, { $inc: { enrolledCount: 1 }, $push: { countedTokens: token } });
    await publishPayment(student, id);
    await rowCounted(student, id);
    // The same purchase reported once more changes nothing either.
    await publishPayment(student, id);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await countOf(id)).toBe(1);
  });
});
