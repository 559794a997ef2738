import { ApiError, type LearnerQuiz } from '@liveedu/api-client';
import { useApiQuery } from '@liveedu/query';
import { playerKeys } from '../api/keys.ts';
import { useLearningApi } from './use-learning-api.ts';

/** No quiz on the item (a video without questions, a quiz not written yet) reads as null. */
function noneWhenMissing(error: unknown): null {
  if (error instanceof ApiError && error.status === 404) return null;
  throw error;
}

/** An item's quiz as the learner answers it, with their attempts; null when it has none. */
export function useItemQuiz(courseId: string, itemId: string, options: { enabled?: boolean } = {}) {
  const api = useLearningApi();
  return useApiQuery<LearnerQuiz | null>(
    playerKeys.quiz(courseId, itemId),
    (signal) => api.quiz(courseId, itemId, signal).catch(noneWhenMissing),
    options,
  );
}
