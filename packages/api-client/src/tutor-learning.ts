import { type ApiClientOptions, apiCalls } from './client.ts';
import type { BodyOf, QueryOf, ResponseOf } from './types.ts';

/** An item's quiz as its tutor edits it: right answers, accepted answers and explanations included. */
export type TutorQuiz = ResponseOf<'/api/v1/courses/{courseId}/items/{itemId}/quiz', 'get'>;
export type TutorQuizQuestion = TutorQuiz['questions'][number];
/** What a save of a quiz sends: a right option named by its `_id` or its position ("0" first). */
export type TutorQuizBody = BodyOf<'/api/v1/courses/{courseId}/items/{itemId}/quiz', 'put'>;
/** How an item's quiz is answered: attempts, pass rate, average score, and per question. */
export type QuizFigures = ResponseOf<'/api/v1/courses/{courseId}/items/{itemId}/quiz/figures', 'get'>;
export type TutorAssignment = ResponseOf<'/api/v1/courses/{courseId}/items/{itemId}/assignment', 'get'>;
export type TutorAssignmentBody = BodyOf<'/api/v1/courses/{courseId}/items/{itemId}/assignment', 'put'>;
export type AssignmentFileType = TutorAssignment['fileTypes'][number];
/** A student's hand-in as its tutor grades it. */
export type TutorSubmission = ResponseOf<'/api/v1/tutor/submissions', 'get'>['submissions'][number];
export type SubmissionStatus = NonNullable<QueryOf<'/api/v1/tutor/submissions', 'get'>['status']>;
export type SubmissionGrade = BodyOf<'/api/v1/tutor/submissions/{submissionId}', 'put'>;

const auth = { auth: true } as const;

/**
 * The tutor's calls of the learning service (writing quizzes and assignments, grading hand-ins,
 * the per-question figures): apart from the main client, so only the tutor's pages carry them.
 */
export function createTutorLearningClient(options: ApiClientOptions) {
  const { get, put } = apiCalls(options);
  const item = (courseId: string, itemId: string) => ({ ...auth, params: { courseId, itemId } });
  return {
    /** An item's quiz with its answers (404: none yet). */
    quiz: (courseId: string, itemId: string, signal?: AbortSignal) =>
      get('/api/v1/courses/{courseId}/items/{itemId}/quiz', { ...item(courseId, itemId), signal }),
    saveQuiz: (courseId: string, itemId: string, body: TutorQuizBody) =>
      put('/api/v1/courses/{courseId}/items/{itemId}/quiz', { ...item(courseId, itemId), body }),
    /** 404: the item has no quiz. */
    quizFigures: (courseId: string, itemId: string, signal?: AbortSignal) =>
      get('/api/v1/courses/{courseId}/items/{itemId}/quiz/figures', { ...item(courseId, itemId), signal }),
    /** An assignment item's brief and rules (404: none yet). */
    assignment: (courseId: string, itemId: string, signal?: AbortSignal) =>
      get('/api/v1/courses/{courseId}/items/{itemId}/assignment', { ...item(courseId, itemId), signal }),
    saveAssignment: (courseId: string, itemId: string, body: TutorAssignmentBody) =>
      put('/api/v1/courses/{courseId}/items/{itemId}/assignment', { ...item(courseId, itemId), body }),
    /** Hand-ins of the caller's courses a page at a time: pending ones oldest first, or graded ones. */
    submissions: (
      filter: { status: SubmissionStatus; courseId?: string; page?: number },
      signal?: AbortSignal,
    ) => {
      const query = new URLSearchParams({ status: filter.status });
      if (filter.courseId) query.set('courseId', filter.courseId);
      if (filter.page && filter.page > 1) query.set('page', String(filter.page));
      return get('/api/v1/tutor/submissions', { ...auth, query: `?${query}`, signal });
    },
    gradeSubmission: (submissionId: string, body: SubmissionGrade) =>
      put('/api/v1/tutor/submissions/{submissionId}', { ...auth, params: { submissionId }, body }),
  };
}

export type TutorLearningClient = ReturnType<typeof createTutorLearningClient>;
