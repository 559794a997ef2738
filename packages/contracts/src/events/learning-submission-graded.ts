import type { IntegrationEvent } from '../event.ts';

export const LEARNING_SUBMISSION_GRADED = 'learning.submission.graded';

/** The course's tutor graded a student's assignment submission (again, when regraded). */
export interface LearningSubmissionGradedData {
  submissionId: string;
  studentId: string;
  tutorId: string;
  courseId: string;
  itemId: string;
  score: number;
  passed: boolean;
  gradedAt: string;
}

export type LearningSubmissionGraded = IntegrationEvent<
  typeof LEARNING_SUBMISSION_GRADED,
  LearningSubmissionGradedData
>;
