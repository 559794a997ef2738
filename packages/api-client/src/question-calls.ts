import { type ApiClientOptions, apiCalls } from './client.ts';
import type { Answer } from './staff-community.ts';
import { queryOf, rateLimitedPost } from './untyped-calls.ts';

const auth = { auth: true } as const;

/**
 * What the course member's and the staff's community clients both call: a question's thread,
 * answering it and accepting an answer, and a course's announcements.
 */
export function questionThreadCalls(options: ApiClientOptions) {
  const { get, put } = apiCalls(options);
  return {
    /** A question whole, with its answers (the accepted one first, then by upvotes, then oldest). */
    question: (questionId: string, signal?: AbortSignal) =>
      get('/api/v1/questions/{questionId}', {
        ...auth,
        params: { questionId },
        signal,
      }),
    /** 201 with the answer, whose writer then follows the question; 429 (as `TooManyPostsError`) when posting too often. */
    answerQuestion: (questionId: string, body: string) =>
      rateLimitedPost<Answer>(options, (c) =>
        c.post('/api/v1/questions/{questionId}/answers', { ...auth, params: { questionId }, body: { body } }),
      ),
    /** Marks an answer as the accepted one, the one that solved it (the asker or the course's tutor). */
    acceptAnswer: (questionId: string, answerId: string) =>
      put('/api/v1/questions/{questionId}/accepted', {
        ...auth,
        params: { questionId },
        body: { answerId },
      }),
    /** A course's announcements, newest first. */
    announcements: (courseId: string, page = 1, signal?: AbortSignal) =>
      get('/api/v1/courses/{courseId}/announcements', {
        ...auth,
        params: { courseId },
        query: queryOf({ page }),
        signal,
      }),
  };
}
