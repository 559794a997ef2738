import { createTutorLearningClient, type TutorLearningClient } from '@liveedu/api-client';
import { useClientOf } from '@liveedu/session';

/** The tutor's learning calls (quizzes, assignments, grading, figures), over the session's address. */
export function useTutorLearningApi(): TutorLearningClient {
  return useClientOf(createTutorLearningClient);
}
