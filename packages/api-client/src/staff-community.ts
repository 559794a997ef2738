import { type ApiClientOptions, apiCalls } from './client.ts';
import { questionThreadCalls } from './question-calls.ts';
import type { QueryOf, ResponseOf } from './types.ts';
import { queryOf, rateLimitedPost } from './untyped-calls.ts';

type QuestionList = ResponseOf<'/api/v1/courses/{courseId}/questions', 'get'>;

/** A question as lists show it: an excerpt of its body; in the tutor's inbox, its course's title. */
export type QuestionInList = QuestionList['questions'][number];

/** Who wrote a post: `_id` null and "deleted user" once the account is gone; `instructor` for the course's tutor. */
export type PostAuthor = QuestionInList['author'];

/** A question and its answers: the accepted one first, then by upvotes, then oldest first. */
export type QuestionThread = ResponseOf<'/api/v1/questions/{questionId}', 'get'>;

/** A question read whole: its body, as written and as rendered from Markdown on the server. */
export type Question = QuestionThread['question'];

export type Answer = QuestionThread['answers'][number];

/** A page of the tutor's inbox, with how many of the filtered questions have no answer. */
export type TutorQuestionPage = ResponseOf<'/api/v1/tutor/questions', 'get'>;

export type TutorQuestionStatus = NonNullable<QueryOf<'/api/v1/tutor/questions', 'get'>['status']>;

export type AnnouncementPage = ResponseOf<'/api/v1/courses/{courseId}/announcements', 'get'>;

export type Announcement = AnnouncementPage['announcements'][number];

export type ReportPage = ResponseOf<'/api/v1/admin/reports', 'get'>;

/** A report of a post as the admin reviews it: every reason given for it, by whom and when. */
export type PostReport = ReportPage['reports'][number];

export type ReportStatus = PostReport['status'];

const auth = { auth: true } as const;

/**
 * The community calls of the people who teach and run the marketplace: the tutor's questions inbox,
 * answering and accepting there, course announcements, and the admin's reports. Apart from the
 * main client, so only the tutor's and the admin's pages carry them.
 */
export function createStaffCommunityClient(options: ApiClientOptions) {
  const { get, put } = apiCalls(options);
  return {
    ...questionThreadCalls(options),
    /** Questions of the caller's courses: unanswered ones first (oldest first), then the rest newest first. */
    tutorQuestions: (
      filter: { courseId?: string; status?: TutorQuestionStatus; page?: number } = {},
      signal?: AbortSignal,
    ) =>
      get('/api/v1/tutor/questions', {
        ...auth,
        query: queryOf(filter),
        signal,
      }),
    /** The course's tutor only; 429 (as `TooManyPostsError`) past 4 a day per course. */
    postAnnouncement: (courseId: string, body: { title: string; body: string }) =>
      rateLimitedPost<Announcement>(options, (c) =>
        c.post('/api/v1/courses/{courseId}/announcements', { ...auth, params: { courseId }, body }),
      ),
    /** Reports of posts: open ones, or closed ones (hidden or dismissed). */
    reports: (filter: { status?: 'open' | 'closed'; page?: number } = {}, signal?: AbortSignal) =>
      get('/api/v1/admin/reports', { ...auth, query: queryOf(filter), signal }),
    /** Hides the reported post, or dismisses the report (restoring a post hidden before). */
    actOnReport: (reportId: string, action: 'hide' | 'dismiss') =>
      put('/api/v1/admin/reports/{reportId}', {
        ...auth,
        params: { reportId },
        body: { action },
      }),
  };
}

export type StaffCommunityClient = ReturnType<typeof createStaffCommunityClient>;
