import { type ApiClientOptions, apiCalls } from './client.ts';
import { questionThreadCalls } from './question-calls.ts';
import type { Question } from './staff-community.ts';
import type { BodyOf, QueryOf, ResponseOf } from './types.ts';
import { queryOf, rateLimitedPost } from './untyped-calls.ts';

/** How a course's questions are listed: newest first, most upvoted first, or only those without an answer. */
export type QuestionSort = NonNullable<QueryOf<'/api/v1/courses/{courseId}/questions', 'get'>['sort']>;

/** Which of a course's questions to list: one item's, in an order, or those matching words (`q`, 1–200 characters). */
export interface QuestionFilter {
  itemId?: string;
  sort?: QuestionSort;
  q?: string;
  page?: number;
}

/** A page of a course's questions (20 a page). */
export type QuestionPage = ResponseOf<'/api/v1/courses/{courseId}/questions', 'get'>;

/** A new question: about a lesson (`itemId`) and a second of its video (`atSec`), or the course as a whole. */
export type AskQuestionBody = BodyOf<'/api/v1/courses/{courseId}/questions', 'post'>;

/** An upvote given or taken back, and the post's upvotes now. */
export type UpvoteAnswer = ResponseOf<'/api/v1/questions/{questionId}/upvote', 'post'>;

/** A report names exactly one post, with why it breaks the rules (3–500 characters). */
export type ReportBody = { questionId: string; reason: string } | { answerId: string; reason: string };

export type ReportReceipt = ResponseOf<'/api/v1/reports', 'post'>;

const auth = { auth: true } as const;

/**
 * A course member's community calls (its students, its tutor and the admin): the questions of a
 * lesson or course and their answers, upvotes, following, accepting, reports, and reading the
 * course's announcements. Apart from the main client, so only the course player carries them;
 * the tutor's inbox, posting announcements and the admin's reports are the staff client's
 * (`createStaffCommunityClient`).
 */
export function createCommunityClient(options: ApiClientOptions) {
  const { get, post, put, del } = apiCalls(options);
  return {
    ...questionThreadCalls(options),
    /** A course's questions: newest, top (upvotes, then newest), unanswered, or best matching `q`. */
    questions: (courseId: string, filter: QuestionFilter = {}, signal?: AbortSignal) =>
      get('/api/v1/courses/{courseId}/questions', {
        ...auth,
        params: { courseId },
        query: queryOf({ itemId: filter.itemId, sort: filter.sort, q: filter.q, page: filter.page }),
        signal,
      }),
    /** 201 with the question, which the asker then follows; 429 (`TooManyPostsError`) when posting too often. */
    askQuestion: (courseId: string, body: AskQuestionBody) =>
      rateLimitedPost<Question>(options, (c) =>
        c.post('/api/v1/courses/{courseId}/questions', { ...auth, params: { courseId }, body }),
      ),
    /** The author only (anyone else: 404). */
    editQuestion: (questionId: string, body: { title?: string; body?: string }) =>
      put('/api/v1/questions/{questionId}', { ...auth, params: { questionId }, body }),
    /** The author, or the admin. */
    deleteQuestion: (questionId: string) =>
      del('/api/v1/questions/{questionId}', { ...auth, params: { questionId } }),
    editAnswer: (questionId: string, answerId: string, body: string) =>
      put('/api/v1/questions/{questionId}/answers/{answerId}', {
        ...auth,
        params: { questionId, answerId },
        body: { body },
      }),
    deleteAnswer: (questionId: string, answerId: string) =>
      del('/api/v1/questions/{questionId}/answers/{answerId}', {
        ...auth,
        params: { questionId, answerId },
      }),
    /** Gives the question an upvote, or takes the caller's back (never on one's own post: 400). */
    upvoteQuestion: (questionId: string) =>
      post('/api/v1/questions/{questionId}/upvote', {
        ...auth,
        params: { questionId },
      }),
    upvoteAnswer: (questionId: string, answerId: string) =>
      post('/api/v1/questions/{questionId}/answers/{answerId}/upvote', {
        ...auth,
        params: { questionId, answerId },
      }),
    /** Whether the caller is told of the question's new answers. */
    followQuestion: (questionId: string, follow: boolean) =>
      put('/api/v1/questions/{questionId}/follow', {
        ...auth,
        params: { questionId },
        body: { follow },
      }),
    /** 201; the same post reported again by the same person: 409. */
    report: (body: ReportBody) =>
      rateLimitedPost<ReportReceipt>(options, (c) => c.post('/api/v1/reports', { ...auth, body })),
  };
}

export type CommunityClient = ReturnType<typeof createCommunityClient>;
