import type { ApiClientOptions } from './client.ts';
import { questionThreadCalls } from './question-calls.ts';
import { queryOf, rateLimitedPost, untypedCalls } from './untyped-calls.ts';

/** Who wrote a post: `_id` null and "deleted user" once the account is gone; `instructor` for the course's tutor. */
export interface PostAuthor {
  _id: string | null;
  name: string;
  instructor: boolean;
}

/** A question as lists show it: an excerpt of its body; in the tutor's inbox, its course's title. */
export interface QuestionInList {
  _id: string;
  courseId: string;
  itemId: string | null;
  atSec: number | null;
  title: string;
  excerpt: string;
  author: PostAuthor;
  createdAt: string;
  editedAt: string | null;
  upvotes: number;
  upvoted: boolean;
  answerCount: number;
  acceptedAnswerId: string | null;
  instructorAnswered: boolean;
  following: boolean;
  mine: boolean;
  hidden: boolean;
  courseTitle?: string;
}

/** A question read whole: its body, as written and as rendered from Markdown on the server. */
export interface Question extends Omit<QuestionInList, 'excerpt' | 'courseTitle'> {
  body: string;
  bodyHtml: string;
}

export interface Answer {
  _id: string;
  questionId: string;
  body: string;
  bodyHtml: string;
  author: PostAuthor;
  createdAt: string;
  editedAt: string | null;
  upvotes: number;
  upvoted: boolean;
  accepted: boolean;
  mine: boolean;
  hidden: boolean;
}

/** A question and its answers: the accepted one first, then by upvotes, then oldest first. */
export interface QuestionThread {
  question: Question;
  answers: Answer[];
}

/** A page of the tutor's inbox, with how many of the filtered questions have no answer. */
export interface TutorQuestionPage {
  questions: QuestionInList[];
  page: number;
  pages: number;
  total: number;
  unanswered: number;
}

export type TutorQuestionStatus = 'unanswered' | 'all';

export interface Announcement {
  _id: string;
  courseId: string;
  title: string;
  body: string;
  bodyHtml: string;
  author: PostAuthor;
  createdAt: string;
}

export interface AnnouncementPage {
  announcements: Announcement[];
  page: number;
  pages: number;
  total: number;
}

export type ReportStatus = 'open' | 'hidden' | 'dismissed';

/** A report of a post as the admin reviews it: every reason given for it, by whom and when. */
export interface PostReport {
  _id: string;
  kind: 'question' | 'answer';
  questionId: string;
  answerId: string | null;
  courseId: string;
  /** The question's title (of the answer's question, for an answer). */
  title: string;
  excerpt: string;
  author: PostAuthor;
  reasons: { reason: string; reporterId: string; at: string }[];
  status: ReportStatus;
  createdAt: string;
}

export interface ReportPage {
  reports: PostReport[];
  page: number;
  pages: number;
  total: number;
}

const auth = { auth: true } as const;

/**
 * The community calls of the people who teach and run the marketplace: the tutor's questions inbox,
 * answering and accepting there, course announcements, and the admin's reports. Apart from the
 * main client, so only the tutor's and the admin's pages carry them. The API document lists these
 * calls once it is generated from the community service again; until then their answers are
 * written out above.
 */
export function createStaffCommunityClient(options: ApiClientOptions) {
  const { get, put } = untypedCalls(options);
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
      }) as Promise<TutorQuestionPage>,
    /** The course's tutor only; 429 (as `TooManyPostsError`) past 4 a day per course. */
    postAnnouncement: (courseId: string, body: { title: string; body: string }) =>
      rateLimitedPost<Announcement>(options, (c) =>
        c.post('/api/v1/courses/{courseId}/announcements', { ...auth, params: { courseId }, body }),
      ),
    /** Reports of posts: open ones, or closed ones (hidden or dismissed). */
    reports: (filter: { status?: 'open' | 'closed'; page?: number } = {}, signal?: AbortSignal) =>
      get('/api/v1/admin/reports', { ...auth, query: queryOf(filter), signal }) as Promise<ReportPage>,
    /** Hides the reported post, or dismisses the report (restoring a post hidden before). */
    actOnReport: (reportId: string, action: 'hide' | 'dismiss') =>
      put('/api/v1/admin/reports/{reportId}', {
        ...auth,
        params: { reportId },
        body: { action },
      }) as Promise<PostReport>,
  };
}

export type StaffCommunityClient = ReturnType<typeof createStaffCommunityClient>;
