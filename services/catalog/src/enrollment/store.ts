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
import { type Collection, type Db, ObjectId } from 'mongodb';
import { COURSES, type CourseDoc } from '../courses/store.ts';

/** The record of a purchase: one per student and course, by `_id`. */
export interface EnrollmentDoc {
  _id: string;
  studentId: string;
  courseId: string;
  enrolledAt: Date;
  paymentId?: string;
  /**
   * false from insertion until the course's `enrolledCount` includes this row; absent on rows
   * written before the count was kept this way (the start-up migration counted those).
   */
  counted?: boolean;
  /** Pushed onto the course's `countedTokens` with the increment. */
  countToken?: string;
}

export const ENROLLMENTS = storedCollection<EnrollmentDoc>('enrollments', [
  { key: { studentId: 1, enrolledAt: -1 }, name: 'by_student_newest' },
  { key: { courseId: 1 }, name: 'by_course' },
]);

export const enrollmentId = (studentId: string, courseId: string) => `${studentId}:${courseId}`;

/**
 * A student's bought course ids, newest first, read a page at a time by key (the embedded
 * database would scan `enrollments` to filter and sort them).
 */
export const studentCourses = (db: Db) => keyedList(db, 'student_courses');

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

/**
 * Adds a student to a course, once however often the payment is reported. The row keyed
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
 * Resolves false when the course does not exist.
 */
export async function enroll(
  db: Db,
  outbox: Outbox,
  opts: { courseId: string; studentId: string; paymentId?: string; at: Date },
): Promise<boolean> {
  const courses = COURSES.in(db);
  const rows = ENROLLMENTS.in(db);
  const _id = new ObjectId(opts.courseId);
  if (!(await courses.findOne({ _id }, { projection: { _id: 1 } }))) return false;

  const fresh: EnrollmentDoc = {
    _id: enrollmentId(opts.studentId, opts.courseId),
    studentId: opts.studentId,
    courseId: opts.courseId,
    enrolledAt: opts.at,
    ...(opts.paymentId ? { paymentId: opts.paymentId } : {}),
    counted: false,
    countToken: new ObjectId().toHexString(),
  };
  let row: EnrollmentDoc | null = fresh;
  try {
    await rows.insertOne(fresh);
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    row = await rows.findOne({ _id: fresh._id });
    if (!row) throw new Error(`enrollment ${fresh._id} vanished after a duplicate key`);
  }
  // Listed for the student before counting, so a redelivery heals a crash between the two.
  await studentCourses(db).add(opts.studentId, opts.courseId);
  // Rows from before counting was done this way carry no flag: the migration counted them.
  if (row.counted !== false) return true;
  const token = row.countToken;
  if (!token) throw new Error(`enrollment ${row._id} is waiting to be counted but has no token`);

  const counted = await outbox.updateOne<CourseDoc>(
    COURSES.collection,
    { _id, countedTokens: { $ne: token }, ...CURRENT_COURSE },
    {
      $inc: { enrolledCount: 1 },
      $push: { countedTokens: { $each: [token], $slice: -COUNTED_WINDOW } },
    },
    // Every replica's listing and course page show the new count (listing/plugin.ts).
    [newEvent(CATALOG_COURSE_ENROLLED, { courseId: opts.courseId, studentId: opts.studentId })],
  );
  if (counted.matchedCount === 0) {
    const course = await courses.findOne(
      { _id },
      { projection: { studentsEnrolled: 1, reviews: 1, reviewsVersion: 1 } },
    );
    if (!course) return false;
    // The start-up migration has not reached this course yet; failing makes the event come back.
    if ('studentsEnrolled' in course || 'reviews' in course || 'reviewsVersion' in course) {
      throw new Error(`course ${opts.courseId} is not migrated yet`);
    }
    // Otherwise the token is on the course: an earlier attempt incremented and stopped there.
  }
  await rows.updateOne({ _id: row._id }, { $set: { counted: true } });
  return true;
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
