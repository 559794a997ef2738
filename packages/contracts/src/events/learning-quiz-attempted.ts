import type { IntegrationEvent } from '../event.ts';

export const LEARNING_QUIZ_ATTEMPTED = 'learning.quiz.attempted';

/** One graded attempt at a quiz: what the tutor's per-question figures are counted from. */
export interface LearningQuizAttemptedData {
  attemptId: string;
  courseId: string;
  itemId: string;
  studentId: string;
  scorePercent: number;
  passed: boolean;
  /** Per question: answered correctly, and the wrong options chosen (choice questions). */
  answers: Array<{ questionId: string; correct: boolean; wrongOptionIds: string[] }>;
}

export type LearningQuizAttempted = IntegrationEvent<
  typeof LEARNING_QUIZ_ATTEMPTED,
  LearningQuizAttemptedData
>;
