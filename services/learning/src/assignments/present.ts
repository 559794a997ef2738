import { type Storage, Type } from '@liveedu/service-kit';
import { SUBMISSIONS_BUCKET, type SubmissionDoc } from './store.ts';

/** How long a link to a handed-in file works. */
const FILE_LINK_SECONDS = 600;

export const Submission = Type.Object({
  _id: Type.String(),
  studentId: Type.String(),
  studentName: Type.String(),
  courseId: Type.String(),
  itemId: Type.String(),
  courseTitle: Type.String(),
  itemTitle: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('graded')]),
  text: Type.String(),
  file: Type.Optional(
    Type.Object({
      name: Type.String(),
      kind: Type.String(),
      size: Type.Integer({ minimum: 0 }),
      url: Type.String({ description: 'A signed link, for a few minutes' }),
    }),
  ),
  score: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  passed: Type.Optional(Type.Boolean()),
  feedback: Type.Optional(Type.String()),
  submittedAt: Type.String(),
  gradedAt: Type.Optional(Type.String()),
});

/** A hand-in as its student or the course's tutor reads it, with a short-lived link to its file. */
export async function presentSubmission(storage: Storage, doc: SubmissionDoc) {
  return {
    _id: doc._id.toHexString(),
    studentId: doc.studentId,
    studentName: doc.studentName,
    courseId: doc.courseId,
    itemId: doc.itemId,
    courseTitle: doc.courseTitle,
    itemTitle: doc.itemTitle,
    status: doc.status,
    text: doc.text,
    ...(doc.file
      ? {
          file: {
            name: doc.file.name,
            kind: doc.file.kind,
            size: doc.file.size,
            url: await storage.presignedGet(SUBMISSIONS_BUCKET, doc.file.key, FILE_LINK_SECONDS),
          },
        }
      : {}),
    ...(doc.score === undefined ? {} : { score: doc.score }),
    ...(doc.passed === undefined ? {} : { passed: doc.passed }),
    ...(doc.feedback === undefined ? {} : { feedback: doc.feedback }),
    submittedAt: doc.submittedAt.toISOString(),
    ...(doc.gradedAt ? { gradedAt: doc.gradedAt.toISOString() } : {}),
  };
}
