import { ApiError } from '@liveedu/api-client';

/** The answer of a read, or null when the server says there is none (404): a quiz or assignment not written yet. */
export function orNone<T>(read: Promise<T>): Promise<T | null> {
  return read.catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
}

/** Keys of the learning reads two tutor pages share: the editor writes a quiz, the analytics read its figures. */
export const LEARNING_KEYS = {
  quiz: (courseId: string, itemId: string) => ['tutor', 'quiz', courseId, itemId],
  quizFigures: (courseId: string, itemId: string) => ['tutor', 'quiz-figures', courseId, itemId],
  assignment: (courseId: string, itemId: string) => ['tutor', 'assignment', courseId, itemId],
  submissions: ['tutor', 'submissions'],
} as const;
