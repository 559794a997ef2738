import { CATALOG_COURSE_ENROLLED, type CallerIdentity } from '@liveedu/contracts';
import {
  forbidden,
  isDuplicateKey,
  keyedList,
  newEvent,
  notFound,
  type Outbox,
  storedCollection,
} from '@liveedu/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { type Collection, type Db, ObjectId } from 'mongodb';
import { COURSES, type CourseDoc } from '../courses/store.ts';
import { rosterKey, rosterPage, rosterPart } from './domain.ts';

/** The record of a purchase or a free enrollment: one per student and course, by `_id`. */
export interface EnrollmentDoc {
  _id: string;
  studentId: string;
  courseId: string;
  enrolledAt: Date;
  /** The payment that bought the course; absent on a free enrollment. */
  paymentId?: string;
  /** Enrolled in a course priced 0 (`POST api/v1/enroll-free/{courseId}`): no order, no payment. */
  free?: true;
  /**
   * false from insertion until the course's `enrolledCount` includes this row; absent on rows
   * written before the count was kept this way (the start-up migration counted those).
   */
  counted?: boolean;
  /** Pushed onto the course's `countedTokens` with the increment. */
  countToken?: string;
  /**
   * Set once a refund starts ending the enrollment; pushed onto `countedTokens` with the
   * decrement (see unenroll.ts).
   */
  endToken?: string;
}

export const ENROLLMENTS = storedCollection<EnrollmentDoc>('enrollments', [
  { key: { studentId: 1, enrolledAt: -1 }, name: 'by_student_newest' },
  { key: { courseId: 1 }, name: 'by_course' },
  // Finds the few free rows still waiting for their count (`countLeftovers`) without a scan.
  { key: { counted: 1, enrolledAt: 1 }, name: 'by_counted' },
]);

export const enrollmentId = (studentId: string, courseId: string) => `${studentId}:${courseId}`;

/**
 * A student's bought course ids, newest first, read a page at a time by key (the embedded
 * database would scan `enrollments` to filter and sort them).
 */
export const studentCourses = (db: Db) => keyedList(db, 'student_courses');

/** The students of each course, spread over parts (`rosterPart`), each a keyed list by `rosterKey`. */
export const ROSTERS = 'course_students';

/**
 * A course's students, read by key: who to tell of an announcement. The embedded database would
 * read every enrollment to find one course's (it uses no index that is not unique).
 */
export function courseRoster(db: Db) {
  const lists = keyedList(db, ROSTERS);
  const keyOf = (courseId: string, studentId: string) => rosterKey(courseId, rosterPart(studentId));
  return {
    add: (courseId: string, studentId: string) => lists.add(keyOf(courseId, studentId), studentId),
    remove: (courseId: string, studentId: string) => lists.remove(keyOf(courseId, studentId), studentId),
    /** Up to `size` students after `after` (none: from the first), and the one to ask after next. */
    page: (courseId: string, after: string | undefined, size: number) =>
      rosterPage((part) => lists.all(rosterKey(courseId, part)), after, size),
  };
}

/** Lists the enrollment for its student and its course: before its row is written, and again by a redelivery. */
async function listEnrollment(db: Db, studentId: string, courseId: string): Promise<void> {
  await studentCourses(db).add(studentId, courseId);
  await courseRoster(db).add(courseId, studentId);
}

/**
 * How many recently counted rows a course remembers. A retry only needs its own token to still
 * be there, and retries come within seconds (the consumer's redelivery backs off to at most 15 s),
 * so this is far more than the enrollments one course takes in that time.
 */
export const COUNTED_WINDOW = 200;

/** A course written before counts were kept by `$inc` still has these; the migration removes them. */
export const LEGACY_COURSE = {
  $or: [
    { studentsEnrolled: { $exists: true } },
    { reviews: { $exists: true } },
    { reviewsVersion: { $exists: true } },
  ],
};
const CURRENT_COURSE = {
  studentsEnrolled: { $exists: false },
  reviews: { $exists: false },
  reviewsVersion: { $exists: false },
};

/** What `enroll` did: added the student, found them there already, or found no course. */
export type EnrollOutcome = 'enrolled' | 'already-enrolled' | 'no-course';

/**
 * Adds a student to a course, once however often the payment is reported or the free enrollment
 * asked. The row keyed
 * `studentId:courseId` is the enrollment; the course's `enrolledCount` follows it in three steps:
 *
 * 1. insert the row with `counted: false` and a random `countToken` (a duplicate key means an
 *    earlier delivery got here first; its row is read instead);
 * 2. unless the row says `counted: true`, `$inc` the count and `$push` the token onto the
 *    course's `countedTokens` in ONE update, on condition that the token is not there yet;
 * 3. set `counted: true` on the row.
 *
 * No transaction spans the two documents, so a crash or an error can fall between any two steps,
 * and the handler's failure makes the event come again. Before step 2 the redelivery increments;
 * between 2 and 3 the token on the course shows the increment happened and it is not repeated;
 * after 3 the row alone answers. Flagging the row before incrementing would instead lose the
 * increment to a crash between the two, and incrementing with no token would repeat it. The token
 * list is bounded by `$slice`; step 3 makes the row the long-term answer.
 *
 * Resolves 'enrolled' for the call that inserted the row and 'already-enrolled' for every later
 * one (each of which still finishes an unfinished count), 'no-course' when the course does not
 * exist.
 */
export async function enroll(
  db: Db,
  outbox: Outbox,
  opts: { courseId: string; studentId: string; paymentId?: string; free?: boolean; at: Date },
): Promise<EnrollOutcome> {
  const rows = ENROLLMENTS.in(db);
  const _id = new ObjectId(opts.courseId);
  if (!(await COURSES.in(db).findOne({ _id }, { projection: { _id: 1 } }))) return 'no-course';

  const fresh: EnrollmentDoc = {
    _id: enrollmentId(opts.studentId, opts.courseId),
    studentId: opts.studentId,
    courseId: opts.courseId,
    enrolledAt: opts.at,
    ...(opts.paymentId ? { paymentId: opts.paymentId } : {}),
    ...(opts.free ? { free: true as const } : {}),
    counted: false,
    countToken: new ObjectId().toHexString(),
  };
  // Listed before the row exists, so whoever sees the enrollment finds the course in the student's
  // list and the student in the course's, and a redelivery after a crash lists it again.
  await listEnrollment(db, opts.studentId, opts.courseId);
  let row: EnrollmentDoc | null = fresh;
  let outcome: EnrollOutcome = 'enrolled';
  try {
    await rows.insertOne(fresh);
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    outcome = 'already-enrolled';
    row = await rows.findOne({ _id: fresh._id });
    if (!row) throw new Error(`enrollment ${fresh._id} vanished after a duplicate key`);
  }
  // Rows from before counting was done this way carry no flag: the migration counted them.
  if (row.counted !== false) return outcome;
  return (await countOnce(db, outbox, row)) ? outcome : 'no-course';
}

/**
 * Steps 2 and 3 of `enroll` for a row still `counted: false`: the conditional `$inc` with the
 * row's token, then the flag. Resolves false when the course is gone; throws while the course is
 * not migrated yet.
 */
async function countOnce(db: Db, outbox: Outbox, row: EnrollmentDoc): Promise<boolean> {
  const token = row.countToken;
  if (!token) throw new Error(`enrollment ${row._id} is waiting to be counted but has no token`);
  const _id = new ObjectId(row.courseId);
  const counted = await outbox.updateOne<CourseDoc>(
    COURSES.collection,
    { _id, countedTokens: { $ne: token }, ...CURRENT_COURSE },
    {
      $inc: { enrolledCount: 1 },
      $push: { countedTokens: { $each: [token], $slice: -COUNTED_WINDOW } },
    },
    // Every replica's listing and course page show the new count (listing/plugin.ts).
    [newEvent(CATALOG_COURSE_ENROLLED, { courseId: row.courseId, studentId: row.studentId })],
  );
  if (counted.matchedCount === 0) {
    const course = await COURSES.in(db).findOne(
      { _id },
      { projection: { studentsEnrolled: 1, reviews: 1, reviewsVersion: 1 } },
    );
    if (!course) return false;
    // The start-up migration has not reached this course yet; failing makes the event come back.
    if ('studentsEnrolled' in course || 'reviews' in course || 'reviewsVersion' in course) {
      throw new Error(`course ${row.courseId} is not migrated yet`);
    }
    // Otherwise the token is on the course: an earlier attempt incremented and stopped there.
  }
  await ENROLLMENTS.in(db).updateOne({ _id: row._id }, { $set: { counted: true } });
  return true;
}

/** How long a row may wait for its count before start-up finishes it (an `enroll` takes far less). */
export const UNCOUNTED_GRACE_MS = 60_000;
/** Far more than crashes ever leave; the rest waits for the next start. */
const LEFTOVERS_PER_START = 1000;

/**
 * Counts the free enrollments left `counted: false` for longer than `UNCOUNTED_GRACE_MS` before
 * `now`. A payment's row is finished by its event's redelivery, but a free enrollment is an HTTP
 * call with none: one that failed between its row and its count (a crash, a database error) would
 * leave the course a student short. Run at start-up, after the migration; each row is counted once
 * however many replicas do this at the same time (the token, as in `enroll`). Resolves how many
 * rows it finished.
 */
export async function countLeftovers(
  db: Db,
  outbox: Outbox,
  now: Date,
  log: FastifyBaseLogger,
): Promise<number> {
  const waiting = await ENROLLMENTS.in(db)
    .find({
      counted: false,
      enrolledAt: { $lt: new Date(now.getTime() - UNCOUNTED_GRACE_MS) },
      free: true,
    })
    .limit(LEFTOVERS_PER_START)
    .toArray();
  let finished = 0;
  for (const row of waiting) {
    try {
      // As in `enroll`: listed first, in case the call stopped before that too.
      await listEnrollment(db, row.studentId, row.courseId);
      if (await countOnce(db, outbox, row)) finished += 1;
    } catch (error) {
      log.warn({ err: error, enrollment: row._id }, 'an enrollment could not be counted yet');
    }
  }
  if (finished > 0) log.info({ finished }, 'counted enrollments left uncounted');
  return finished;
}

/** Whether the student bought the course: its enrollment row, looked up by `_id`. */
export async function isEnrolled(
  enrollments: Collection<EnrollmentDoc>,
  courseId: string,
  studentId: string,
): Promise<boolean> {
  const row = await enrollments.findOne(
    { _id: enrollmentId(studentId, courseId) },
    { projection: { _id: 1 } },
  );
  return row !== null;
}

/**
 * The course, if the caller may learn from it: its students (a deleted course stays open to
 * those who bought it), its tutor and the admin. Anyone else gets 403 with `refusal` for a listed
 * course, whose existence is public, and for one no longer listed the same 404 as for no course.
 */
export async function courseToLearn(
  db: Db,
  courseId: string,
  who: CallerIdentity,
  refusal: string,
): Promise<CourseDoc> {
  const course = await COURSES.in(db).findOne({ _id: new ObjectId(courseId) });
  if (!course) throw notFound('Course not found');
  const allowed =
    who.role === 'admin' ||
    course.tutorId === who.userId ||
    (await isEnrolled(ENROLLMENTS.in(db), courseId, who.userId));
  if (!allowed) throw course.listed ? forbidden(refusal) : notFound('Course not found');
  return course;
}
