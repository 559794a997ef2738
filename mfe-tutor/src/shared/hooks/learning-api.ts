import { createTutorLearningClient, type TutorLearningClient } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { useMemo } from 'react';

/** The tutor's learning calls (quizzes, assignments, grading, figures), over the session's address. */
export function useTutorLearningApi(): TutorLearningClient {
  const { baseUrl } = useApi();
  return useMemo(() => createTutorLearningClient({ baseUrl }), [baseUrl]);
}
