import { type ApiClientOptions, apiCalls } from './client.ts';
import { ApiError } from './errors.ts';

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

/** A post refused for coming too often: `retryAfterSec` says when the server takes one again, if it said. */
export class TooManyPostsError extends ApiError {
  readonly retryAfterSec: number | null;

  constructor(message: string, retryAfterSec: number | null) {
    super(message, 429);
    this.name = 'TooManyPostsError';
    this.retryAfterSec = retryAfterSec;
  }
}

/** A `Retry-After` header in seconds (it may also be an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - now) / 1000));
}

const auth = { auth: true } as const;

/** `?name=value&…` of the fields given (the first page and empty fields left out). */
function query(fields: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === '' || (name === 'page' && Number(value) <= 1)) continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The community calls of the people who teach and run the marketplace: the tutor's questions inbox,
 * answering and accepting there, course announcements, and the admin's reports. Apart from the
 * main client, so only the tutor's and the admin's pages carry them. The API document lists these
 * calls once it is generated from the community service again; until then their answers are
 * written out above.
 */
export function createStaffCommunityClient(options: ApiClientOptions) {
  type Call = (path: string, opts?: object) => Promise<unknown>;
  const untyped = (client: ReturnType<typeof apiCalls>) => ({
    get: client.get as unknown as Call,
    post: client.post as unknown as Call,
    put: client.put as unknown as Call,
  });
  const { get, put } = untyped(apiCalls(options));

  /**
   * A post whose 429 carries the server's `Retry-After`, read off the answer before the client
   * turns it into an error.
   */
  async function rateLimited<T>(send: (calls: ReturnType<typeof untyped>) => Promise<unknown>): Promise<T> {
    let retryAfter: string | null = null;
    const recording: typeof fetch = async (input, init) => {
      const response = await (options.fetch ?? globalThis.fetch)(input, init);
      retryAfter = response.headers.get('retry-after');
      return response;
    };
    try {
      return (await send(untyped(apiCalls({ ...options, fetch: recording })))) as T;
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        throw new TooManyPostsError(error.message, retryAfterSeconds(retryAfter));
      }
      throw error;
    }
  }

  return {
    /** Questions of the caller's courses: unanswered ones first (oldest first), then the rest newest first. */
    tutorQuestions: (
      filter: { courseId?: string; status?: TutorQuestionStatus; page?: number } = {},
      signal?: AbortSignal,
    ) =>
      get('/api/v1/tutor/questions', { ...auth, query: query(filter), signal }) as Promise<TutorQuestionPage>,
    question: (questionId: string, signal?: AbortSignal) =>
      get('/api/v1/questions/{questionId}', {
        ...auth,
        params: { questionId },
        signal,
      }) as Promise<QuestionThread>,
    /** 201 with the answer; 429 (as `TooManyPostsError`) when posting too often. */
    answerQuestion: (questionId: string, body: string) =>
      rateLimited<Answer>((c) =>
        c.post('/api/v1/questions/{questionId}/answers', { ...auth, params: { questionId }, body: { body } }),
      ),
    /** Marks an answer as the accepted one (the asker or the course's tutor). */
    acceptAnswer: (questionId: string, answerId: string) =>
      put('/api/v1/questions/{questionId}/accepted', {
        ...auth,
        params: { questionId },
        body: { answerId },
      }) as Promise<Question>,
    /** A course's announcements, newest first. */
    announcements: (courseId: string, page = 1, signal?: AbortSignal) =>
      get('/api/v1/courses/{courseId}/announcements', {
        ...auth,
        params: { courseId },
        query: query({ page }),
        signal,
      }) as Promise<AnnouncementPage>,
    /** The course's tutor only; 429 (as `TooManyPostsError`) past 4 a day per course. */
    postAnnouncement: (courseId: string, body: { title: string; body: string }) =>
      rateLimited<Announcement>((c) =>
        c.post('/api/v1/courses/{courseId}/announcements', { ...auth, params: { courseId }, body }),
      ),
    /** Reports of posts: open ones, or closed ones (hidden or dismissed). */
    reports: (filter: { status?: 'open' | 'closed'; page?: number } = {}, signal?: AbortSignal) =>
      get('/api/v1/admin/reports', { ...auth, query: query(filter), signal }) as Promise<ReportPage>,
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
