import { type ApiClientOptions, apiCalls } from './client.ts';
import type { BodyOf } from './types.ts';

const auth = { auth: true } as const;

/**
 * A learner's calls of the learning service (quizzes, in-video questions, assignments, notes):
 * apart from the main client, so only the course player carries them.
 */
export function createLearningClient(options: ApiClientOptions) {
  const { get, post, put, del, getFile, url } = apiCalls(options);
  return {
    /** An item's questions without their answers, and the caller's attempts so far (404: no quiz). */
    quiz: (courseId: string, itemId: string, signal?: AbortSignal) =>
      get('/api/v1/quiz/{courseId}/{itemId}', { ...auth, params: { courseId, itemId }, signal }),
    /** Answers graded on the server; 409 when no attempt is left. */
    attemptQuiz: (
      courseId: string,
      itemId: string,
      answers: BodyOf<'/api/v1/quiz/{courseId}/{itemId}/attempts', 'post'>['answers'],
    ) =>
      post('/api/v1/quiz/{courseId}/{itemId}/attempts', {
        ...auth,
        params: { courseId, itemId },
        body: { answers },
      }),
    assignment: (courseId: string, itemId: string, signal?: AbortSignal) =>
      get('/api/v1/assignments/{courseId}/{itemId}', { ...auth, params: { courseId, itemId }, signal }),
    /** Where a hand-in is sent (multipart `file` and/or `text`), with `uploadForm` for its progress. */
    submissionUrl: (courseId: string, itemId: string) =>
      url('/api/v1/assignments/{courseId}/{itemId}/submissions', { courseId, itemId }),
    mySubmissions: (courseId: string, itemId: string, signal?: AbortSignal) =>
      get('/api/v1/assignments/{courseId}/{itemId}/submissions/mine', {
        ...auth,
        params: { courseId, itemId },
        signal,
      }),
    /** The caller's notes on one item, by time in its video (up to `limit` a page). */
    notes: (courseId: string, itemId: string, signal?: AbortSignal, page = 1, limit = 100) => {
      const query = new URLSearchParams({ courseId, itemId, limit: String(limit) });
      if (page > 1) query.set('page', String(page));
      return get('/api/v1/notes', { ...auth, query: `?${query}`, signal });
    },
    createNote: (body: BodyOf<'/api/v1/notes', 'post'>) => post('/api/v1/notes', { ...auth, body }),
    updateNote: (noteId: string, body: BodyOf<'/api/v1/notes/{noteId}', 'put'>) =>
      put('/api/v1/notes/{noteId}', { ...auth, params: { noteId }, body }),
    deleteNote: (noteId: string) => del('/api/v1/notes/{noteId}', { ...auth, params: { noteId } }),
    /** The caller's notes in a course as a Markdown file. */
    exportNotes: (courseId: string) =>
      getFile('/api/v1/notes/export', { ...auth, query: `?${new URLSearchParams({ courseId })}` }),
  };
}

export type LearningClient = ReturnType<typeof createLearningClient>;
