import { useApiQuery } from '@liveedu/query';
import { playerKeys } from '../api/keys.ts';
import { useLearningApi } from './use-learning-api.ts';

/** The learner's own notes on one item, by time in its video. */
export function useItemNotes(courseId: string, itemId: string) {
  const api = useLearningApi();
  return useApiQuery(playerKeys.notes(courseId, itemId), (signal) => api.notes(courseId, itemId, signal));
}
