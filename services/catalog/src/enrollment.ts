import { type Db, ObjectId } from 'mongodb';
import { COURSES, type CourseDoc, ENROLLMENTS, type EnrollmentDoc, enrollmentId } from './store.ts';

const COURSE_ATTEMPTS = 5;

/**
 * Adds a student to a course, once however often it is repeated. The per-student row is the
 * record of the purchase; the course's list and count then change together only when the
 * student is not on it yet. The list is read back and re-applied if another write to the same
 * course replaced it (FerretDB 1.x applies an update as read-modify-write, so a concurrent
 * outbox write can undo it). Every step is safe to repeat, so a crash heals on redelivery.
 * Resolves false when the course does not exist.
 */
export async function enroll(
  db: Db,
  opts: { courseId: string; studentId: string; paymentId?: string; at: Date },
): Promise<boolean> {
  const courses = db.collection<CourseDoc>(COURSES);
  const _id = new ObjectId(opts.courseId);
  if (!(await courses.findOne({ _id }, { projection: { _id: 1 } }))) return false;
  await db.collection<EnrollmentDoc>(ENROLLMENTS).updateOne(
    { _id: enrollmentId(opts.studentId, opts.courseId) },
    {
      $setOnInsert: {
        studentId: opts.studentId,
        courseId: opts.courseId,
        enrolledAt: opts.at,
        ...(opts.paymentId ? { paymentId: opts.paymentId } : {}),
      },
    },
    { upsert: true },
  );
  for (let attempt = 0; attempt < COURSE_ATTEMPTS; attempt++) {
    await courses.updateOne(
      { _id, studentsEnrolled: { $ne: opts.studentId } },
      { $addToSet: { studentsEnrolled: opts.studentId }, $inc: { enrolledCount: 1 } },
    );
    const course = await courses.findOne({ _id }, { projection: { studentsEnrolled: 1 } });
    if (course?.studentsEnrolled.includes(opts.studentId)) return true;
  }
  throw new Error(`could not add the student to course ${opts.courseId}`);
}

/** Whether the student bought the course: on its list, or recorded by a purchase. */
export async function isEnrolled(
  db: Db,
  course: Pick<CourseDoc, '_id' | 'studentsEnrolled'>,
  studentId: string,
) {
  if (course.studentsEnrolled.includes(studentId)) return true;
  const row = await db
    .collection<EnrollmentDoc>(ENROLLMENTS)
    .findOne({ _id: enrollmentId(studentId, course._id.toHexString()) }, { projection: { _id: 1 } });
  return row !== null;
}
