/**
 * Ending an enrollment a refund undid: the mirror of `enroll` in store.ts, once however often the
 * refund is reported. The row keyed `studentId:courseId` goes, the course's `enrolledCount` goes
 * down by one, and the course leaves the student's list, in four steps:
 *
 * 1. put a random `endToken` on the row (once: a later delivery reads the token already there);
 * 2. unless the row was never counted in, `$inc: {enrolledCount: -1}` and `$push` the token onto
 *    the course's `countedTokens` in ONE update, on condition that the token is not there yet;
 * 3. delete the row (guarded by its token);
 * 4. take the course off the student's list, and the student off the course's.
 *
 * A crash or an error between any two steps makes the event come again, and the redelivery
 * finishes the job: before step 2 it decrements; between 2 and 3 the token on the course says the
 * decrement happened; after 3 there is no row, and only the list is (idempotently) cleaned. Deleting
 * the row first would lose the decrement to a crash; decrementing without the token would repeat it.
 */
import { CATALOG_COURSE_ENROLLED } from '@liveedu/contracts';
import { newEvent, type Outbox } from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';
import { COURSES, type CourseDoc } from '../courses/store.ts';
import {
  COUNTED_WINDOW,
  courseRoster,
  ENROLLMENTS,
  type EnrollmentDoc,
  enrollmentId,
  LEGACY_COURSE,
  studentCourses,
} from './store.ts';

/** A course counted by `$inc` (the start-up migration reached it): none of the legacy fields. */
const COUNTED_COURSE = Object.fromEntries(
  LEGACY_COURSE.$or.flatMap((legacy) => Object.keys(legacy)).map((field) => [field, { $exists: false }]),
);

/** What `endEnrollment` found: it ended the enrollment (now or in an earlier delivery), or kept it. */
export type EndOutcome = 'ended' | 'not-enrolled' | 'held-otherwise';

/** Whether the row's student is in the course's count: flagged so, or its token is on the course. */
async function countedIn(db: Db, row: EnrollmentDoc, courseId: ObjectId): Promise<boolean> {
  if (row.counted !== false) return true;
  if (!row.countToken) return false;
  const course = await COURSES.in(db).findOne(
    { _id: courseId, countedTokens: row.countToken },
    { projection: { _id: 1 } },
  );
  return course !== null;
}

/**
 * Ends the student's enrollment in the course that `paymentId` paid for. An enrollment held by
 * another purchase (a later payment, or a free enrollment) is kept: the refund was not of it.
 */
export async function endEnrollment(
  db: Db,
  outbox: Outbox,
  opts: { courseId: string; studentId: string; paymentId: string },
): Promise<EndOutcome> {
  const rows = ENROLLMENTS.in(db);
  const _id = enrollmentId(opts.studentId, opts.courseId);
  const courseId = new ObjectId(opts.courseId);
  let row = await rows.findOne({ _id });
  if (!row) {
    // Ended by an earlier delivery that stopped before the lists (or never enrolled).
    await unlist(db, opts);
    return 'not-enrolled';
  }
  if (row.free || (row.paymentId !== undefined && row.paymentId !== opts.paymentId)) return 'held-otherwise';
  if (!row.endToken) {
    row =
      (await rows.findOneAndUpdate(
        { _id, endToken: { $exists: false } },
        { $set: { endToken: new ObjectId().toHexString() } },
        { returnDocument: 'after' },
      )) ?? (await rows.findOne({ _id }));
    if (!row?.endToken) return endEnrollment(db, outbox, opts);
  }
  const token = row.endToken;
  if (await countedIn(db, row, courseId)) {
    const counted = await outbox.updateOne<CourseDoc>(
      COURSES.collection,
      { _id: courseId, countedTokens: { $ne: token }, enrolledCount: { $gt: 0 }, ...COUNTED_COURSE },
      {
        $inc: { enrolledCount: -1 },
        $push: { countedTokens: { $each: [token], $slice: -COUNTED_WINDOW } },
      },
      // Every replica's listing and course page show the new count (listing/plugin.ts).
      [newEvent(CATALOG_COURSE_ENROLLED, { courseId: opts.courseId, studentId: opts.studentId, left: true })],
    );
    if (counted.matchedCount === 0) await notCountedWhy(db, courseId);
  }
  await rows.deleteOne({ _id, endToken: token });
  await unlist(db, opts);
  return 'ended';
}

/** Step 4: the course off the student's list and the student off the course's. */
async function unlist(db: Db, opts: { courseId: string; studentId: string }): Promise<void> {
  await studentCourses(db).remove(opts.studentId, opts.courseId);
  await courseRoster(db).remove(opts.courseId, opts.studentId);
}

/**
 * Why the decrement matched nothing: the token is on the course already (an earlier delivery
 * decremented and stopped there), or the course is gone or at 0 — all fine — or the start-up
 * migration has not reached it yet, which fails the handler so the event comes back.
 */
async function notCountedWhy(db: Db, courseId: ObjectId): Promise<void> {
  const legacy = await COURSES.in(db).findOne(
    { _id: courseId, ...LEGACY_COURSE },
    { projection: { _id: 1 } },
  );
  if (legacy) throw new Error(`course ${courseId.toHexString()} is not migrated yet`);
}
