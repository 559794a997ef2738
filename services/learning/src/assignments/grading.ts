import { LEARNING_SUBMISSION_GRADED, type LearningSubmissionGradedData } from '@liveedu/contracts';
import { newEvent, notFound, type Outbox } from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';
import { recordPass } from '../passes/store.ts';
import { SUBMISSIONS, type SubmissionDoc } from './store.ts';

export const NO_SUBMISSION = 'Submission not found';

/**
 * The course's tutor grades a hand-in (again, if they change their mind): the student is told
 * (`learning.submission.graded`), and a pass completes the item, once.
 */
export async function gradeSubmission(
  db: Db,
  outbox: Outbox,
  at: {
    submissionId: string;
    tutorId: string;
    score: number;
    passed: boolean;
    feedback: string;
    requestId: string;
  },
): Promise<SubmissionDoc> {
  const _id = new ObjectId(at.submissionId);
  const submission = await SUBMISSIONS.in(db).findOne({ _id, tutorId: at.tutorId });
  // Another tutor's hand-in answers exactly as one that does not exist.
  if (!submission) throw notFound(NO_SUBMISSION);
  const gradedAt = new Date();
  const data: LearningSubmissionGradedData = {
    submissionId: at.submissionId,
    studentId: submission.studentId,
    tutorId: submission.tutorId,
    courseId: submission.courseId,
    itemId: submission.itemId,
    score: at.score,
    passed: at.passed,
    gradedAt: gradedAt.toISOString(),
  };
  const grade = {
    status: 'graded' as const,
    score: at.score,
    passed: at.passed,
    feedback: at.feedback,
    gradedAt,
  };
  await outbox.updateOne<SubmissionDoc>(
    SUBMISSIONS.collection,
    { _id, tutorId: at.tutorId },
    { $set: grade },
    [newEvent(LEARNING_SUBMISSION_GRADED, data, { requestId: at.requestId })],
  );
  if (at.passed) {
    await recordPass(
      outbox,
      {
        studentId: submission.studentId,
        courseId: submission.courseId,
        itemId: submission.itemId,
        by: 'assignment',
      },
      at.requestId,
    );
  }
  return { ...submission, ...grade };
}
