import { createLearningClient, type LearningClient } from '@liveedu/api-client';
import { useClientOf } from '@liveedu/session';

/** The learning calls (quizzes, assignments, notes), over the session's address and credentials. */
export function useLearningApi(): LearningClient {
  return useClientOf(createLearningClient);
}
