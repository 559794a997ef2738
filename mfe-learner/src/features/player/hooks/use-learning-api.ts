import { createLearningClient, type LearningClient } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { useMemo } from 'react';

/** The learning calls (quizzes, assignments, notes), over the session's address and credentials. */
export function useLearningApi(): LearningClient {
  const { baseUrl } = useApi();
  return useMemo(() => createLearningClient({ baseUrl }), [baseUrl]);
}
