import { type Db, ObjectId } from 'mongodb';
import { COURSES, type CourseDoc, ENROLLMENTS, type EnrollmentDoc, enrollmentId } from './store.ts';

/**
 * Adds a student to a course, once however often it is repeated: the course's list and count
 * change together only when the student was not on it, then the per-student row is upserted.
 * Both steps are safe to repeat, so a crash between them heals on redelivery.
 * Resolves false when the course does not exist.
 */
export async function enroll(
  db: Db,
  opts: { courseId: string; studentId: string; paymentId?: string; at: Date },
): Promise<boolean> {
  const courses = db.collection<CourseDoc>(COURSES);
  const _id = new ObjectId(opts.courseId);
  const added = await courses.updateOne(
    { _id, studentsEnrolled: { $ne: opts.studentId } },
    { $addToSet: { studentsEnrolled: opts.studentId }, $inc: { enrolledCount: 1 } },
  );
  if (added.matchedCount === 0) {
    const exists = await courses.findOne({ _id }, { projection: { _id: 1 } });
    if (!exists) return false;
  }
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
  return true;
}
