import { ApiError } from './errors.ts';
import { readCredentials } from './storage.ts';
import type { ApiMethod, ApiPath, BodyOf, BrowseQuery, paths, ResponseOf, TimePeriod } from './types.ts';

/** The admin's revenue figures (what students paid; `TwentyPercent`: the platform's share), by call. */
export const REVENUE_FIGURES = [
  'getTotalRevnue',
  'getTotalRevenueThisMonth',
  'getTotalRevenueThisWeek',
  'getTotalRevenueTwentyPercent',
  'getTotalRevenueThisMonthTwentyPercent',
  'getTotalRevenueThisWeektwentypercent',
] as const;
export type RevenueFigure = (typeof REVENUE_FIGURES)[number];

export interface ApiClientOptions {
  /** Base address the `api/v1/...` paths are relative to, e.g. `/` or `https://host/`. */
  baseUrl: string;
  /**
   * Where requests go when `baseUrl` is a path and there is no page to resolve it against (a
   * server render): addresses the client builds for links stay relative.
   */
  requestOrigin?: string;
  /** Defaults to the global fetch, looked up at call time so tests can replace it. */
  fetch?: typeof fetch;
  /** Defaults to the id and token kept in localStorage. */
  credentials?: () => { id: string; token: string } | null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RequestOptions {
  auth?: boolean;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The request outlives the page (a report sent as the page closes). */
  keepalive?: boolean;
  /** The answer is a file (a `Blob`), not JSON. */
  file?: boolean;
}

const enc = encodeURIComponent;
/** A multipart form of one file, as an `<input type=file>` sends it. */
function fileForm(field: string, file: File): FormData {
  const form = new FormData();
  form.append(field, file);
  return form;
}
/** The course form: its cover (when chosen) and the fields as JSON under `Data`. */
function courseForm(data: unknown, image: File | null): FormData {
  const form = new FormData();
  if (image) form.append('image', image);
  form.append('Data', JSON.stringify(data));
  return form;
}
/** The document's paths that have an operation for `M`. */
type PathsWith<M extends ApiMethod> = {
  [P in ApiPath]: [NonNullable<paths[P][M]>] extends [never] ? never : P;
}[ApiPath];

interface CallOptions extends RequestOptions {
  /** Values of the path's `{name}` segments. */
  params?: Record<string, string | number>;
  /** `?…` after the path. */
  query?: string;
}

/** The document's `/api/v1/a/{b}` as the request path `api/v1/a/<b>`, each value encoded. */
function fill(path: string, params: Record<string, string | number> = {}): string {
  return path.slice(1).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs ${name}`);
    return enc(String(value));
  });
}
/** `?page=N` for pages after the first (the first page is what the spec's client always asked for). */
const pageQuery = (page: number) => (page > 1 ? `?page=${page}` : '');

/** A list's page, order and filters as a query string (`level` repeated for each level). */
function listQuery(
  page: number,
  browse: Record<string, string | number | string[] | undefined> = {},
): string {
  const query = new URLSearchParams();
  if (page > 1) query.set('page', String(page));
  for (const [name, value] of Object.entries(browse)) {
    for (const one of [value].flat()) if (one !== undefined && one !== '') query.append(name, String(one));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

function normaliseBase(base: string): string {
  if (!base) return '/';
  return base.endsWith('/') ? base : `${base}/`;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The typed calls of the API document (`get`, `post`, `put`, `del`, and `getFile` for an answer
 * that is a file) over one base address and set of credentials: what each client is made of.
 */
export function apiCalls(options: ApiClientOptions) {
  const base = normaliseBase(options.baseUrl);
  const credentials = options.credentials ?? readCredentials;

  async function request<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (opts.auth) {
      const c = credentials();
      if (c) {
        headers.authorization = `Bearer ${c.token}`;
        headers.id = c.id;
      }
    }
    let body: RequestInit['body'];
    if (opts.body instanceof FormData) {
      body = opts.body;
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const doFetch = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await doFetch(`${options.requestOrigin ?? ''}${base}${path}`, {
        method,
        headers,
        body,
        signal: opts.signal,
        keepalive: opts.keepalive,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError('The server could not be reached.', 0);
    }
    if (opts.file && response.ok) return (await response.blob()) as T;
    const text = await response.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = null;
      }
    }
    if (!response.ok) {
      const message =
        data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
          ? (data as { message: string }).message
          : response.statusText || `Request failed with status ${response.status}`;
      throw new ApiError(message, response.status);
    }
    return data as T;
  }

  /**
   * A call of the API document's `path` (`{name}` segments filled from `params`), answered with the
   * type its service's schema gives the success answer.
   */
  const call =
    <M extends ApiMethod>(method: M) =>
    <P extends PathsWith<M>>(path: P, opts: CallOptions = {}) =>
      request<ResponseOf<P, M>>(
        method.toUpperCase() as Method,
        `${fill(path, opts.params)}${opts.query ?? ''}`,
        opts,
      );
  const getFile = <P extends PathsWith<'get'>>(path: P, opts: CallOptions = {}) =>
    request<Blob>('GET', `${fill(path, opts.params)}${opts.query ?? ''}`, { ...opts, file: true });
  /** The address of a call, for what sends it another way (an upload with progress, a link). */
  const url = (path: ApiPath, params?: Record<string, string | number>) => `${base}${fill(path, params)}`;
  return { base, get: call('get'), post: call('post'), put: call('put'), del: call('delete'), getFile, url };
}

const auth = { auth: true } as const;

/** What the catalog's free enrollment answers. */
export type EnrollFreeReply = ResponseOf<'/api/v1/enroll-free/{courseId}', 'post'>;

/**
 * The log-in sessions of the account (the devices logged in): apart from the main client, so only
 * the pages that list them carry these calls.
 */
export function createAccountSessionsClient(options: ApiClientOptions) {
  const { get, post, del } = apiCalls(options);
  return {
    sessions: (signal?: AbortSignal) => get('/api/v1/sessions', { ...auth, signal }),
    endSession: (sid: string) => del('/api/v1/sessions/{sid}', { ...auth, params: { sid } }),
    logOutEverywhere: () => post('/api/v1/logout-all', auth),
  };
}

/** The admin's calls: apart from the main client, so only the admin area carries them. */
export function createAdminClient(options: ApiClientOptions) {
  const { get, put, del } = apiCalls(options);
  return {
    count: (what: 'users' | 'students' | 'tutors' | 'courses') => get(`/api/v1/count-${what}`, auth),
    newUsers: () => get('/api/v1/new-users', auth),
    allUsers: (page: number) => get('/api/v1/all-users', { ...auth, query: `?page=${page}` }),
    deleteUser: (id: string) => del('/api/v1/delete-user/{id}', { ...auth, params: { id } }),
    userSignups: () => get('/api/v1/user-signups', auth),
    courseCreatedData: () => get('/api/v1/course-created-data', auth),
    newUsersPerMonth: () => get('/api/v1/new-users-per-month', auth),
    newCoursesPerMonth: () => get('/api/v1/new-courses-per-month', auth),
    tutorRequests: () => get('/api/v1/getTutorRequests', auth),
    acceptTutorRequest: (body: BodyOf<'/api/v1/acceptTutorRequest', 'put'>) =>
      put('/api/v1/acceptTutorRequest', { ...auth, body }),
    /** Everyone's orders a page at a time; a `timePeriod` other than `none` keeps that period's. */
    allPaymentHistory: (signal?: AbortSignal, page = 1, timePeriod: TimePeriod = 'none') => {
      const query = new URLSearchParams();
      if (page > 1) query.set('page', String(page));
      if (timePeriod !== 'none') query.set('timePeriod', timePeriod);
      const search = query.toString();
      return get('/api/v1/all-payment-history', { ...auth, query: search ? `?${search}` : '', signal });
    },
    revenue: (which: RevenueFigure) => get(`/api/v1/${which}`, auth),
    withdrawalHistory: (signal?: AbortSignal, page = 1) =>
      get('/api/v1/withdrawl-history', { ...auth, query: pageQuery(page), signal }),
    confirmWithdrawalRequest: (id: string, status: 'Processing' | 'Success') =>
      put('/api/v1/confirm-withdrawlRequest/{id}', { ...auth, params: { id }, body: { status } }),
  };
}

export type AdminClient = ReturnType<typeof createAdminClient>;

export function createApiClient(options: ApiClientOptions) {
  const { base, get, post, put, del } = apiCalls(options);
  return {
    baseUrl: base,

    // Public
    signUp: (body: BodyOf<'/api/v1/user-signUp', 'post'>) => post('/api/v1/user-signUp', { body }),
    login: (body: BodyOf<'/api/v1/login', 'post'>) => post('/api/v1/login', { body }),
    getAllCategories: (signal?: AbortSignal) => get('/api/v1/get-all-category', { signal }),
    recentlyAddedCourses: (signal?: AbortSignal) => get('/api/v1/recently-added-courses', { signal }),
    coursesLovedByStudents: (signal?: AbortSignal) => get('/api/v1/courses-loved-by-students', { signal }),
    topReviews: (signal?: AbortSignal) => get('/api/v1/get-top4-reviews', { signal }),
    coursesByCategory: (cat: string, signal?: AbortSignal, page = 1, browse?: BrowseQuery) =>
      get('/api/v1/courses/{cat}', { params: { cat }, query: listQuery(page, browse), signal }),
    allCourses: (signal?: AbortSignal, page = 1, browse?: BrowseQuery) =>
      get('/api/v1/courses', { query: listQuery(page, browse), signal }),
    search: (query: string, signal?: AbortSignal, page = 1, browse?: BrowseQuery) =>
      get('/api/v1/search/{query}', { params: { query }, query: listQuery(page, browse), signal }),
    viewUser: (username: string, signal?: AbortSignal, page = 1) =>
      get('/api/v1/viewUser/{username}', { params: { username }, query: pageQuery(page), signal }),
    /** A course's reviews, newest first; `stars` keeps those of one rating. */
    courseReviews: (id: string, page: number, signal?: AbortSignal, stars?: number) =>
      get('/api/v1/get-course-reviews/{id}', { params: { id }, query: listQuery(page, { stars }), signal }),
    // Public, but sent with the session when there is one: `studentsEnrolled` then says whether
    // the caller bought the course.
    courseDetails: (id: string, signal?: AbortSignal) =>
      get('/api/v1/get-course-details/{id}', { ...auth, params: { id }, signal }),
    learnCourse: (courseId: string, userId: string, signal?: AbortSignal) =>
      get('/api/v1/learn-course/{courseId}/user/{userId}', { ...auth, params: { courseId, userId }, signal }),
    forgotPassword: (email: string) => post('/api/v1/forgot-password', { body: { email } }),
    resetPassword: (token: string, body: BodyOf<'/api/v1/reset-password/{token}', 'post'>) =>
      post('/api/v1/reset-password/{token}', { params: { token }, body }),

    // Student and general
    getUserData: (signal?: AbortSignal) => get('/api/v1/getUserData', { ...auth, signal }),
    getApiKeys: () => get('/api/v1/get-api-keys', auth),
    checkout: (body: BodyOf<'/api/v1/checkout', 'post'>) => post('/api/v1/checkout', { ...auth, body }),
    /**
     * Enrolls the caller in a course priced 0, with no order or payment: 201 `{message, courseId}`;
     * 409 when already enrolled, 400 for a course with a price, 403 for the tutor's own.
     */
    enrollFree: (courseId: string) =>
      post('/api/v1/enroll-free/{courseId}', { ...auth, params: { courseId } }),
    /** The address the payment provider calls back once the card payment completes. */
    paymentVerificationUrl: (p: {
      orderId: string;
      courseId: string;
      userId: string;
      teacherId: string;
      amount: number;
    }) =>
      `${base}${fill('/api/v1/paymentVerification/{orderId}/{courseId}/{userId}/{teacherId}/{amount}' satisfies PathsWith<'post'>, p)}`,
    /**
     * The caller's cart priced now (its count is the header's); with `couponCode`, as that coupon
     * would price it. Changing it and checking it out are the commerce client's.
     */
    cart: (signal?: AbortSignal, couponCode?: string) =>
      get('/api/v1/cart', {
        ...auth,
        query: couponCode ? `?${new URLSearchParams({ couponCode })}` : '',
        signal,
      }),
    addToFavourite: (id: string) => put('/api/v1/add-to-favourite/{id}', { ...auth, params: { id } }),
    removeFromFavourite: (id: string) =>
      put('/api/v1/remove-from-favourite/{id}', { ...auth, params: { id } }),
    favourites: (signal?: AbortSignal, page = 1) =>
      get('/api/v1/getFavouriteBooks', { ...auth, query: pageQuery(page), signal }),
    enrolledCourses: (signal?: AbortSignal, page = 1) =>
      get('/api/v1/enrolled-courses', { ...auth, query: pageQuery(page), signal }),
    orderHistory: (signal?: AbortSignal, page = 1) =>
      get('/api/v1/order-history', { ...auth, query: pageQuery(page), signal }),
    paymentHistory: (signal?: AbortSignal, page = 1) =>
      get('/api/v1/payment-history', { ...auth, query: pageQuery(page), signal }),
    paymentHistoryTime: (timePeriod: TimePeriod, signal?: AbortSignal) =>
      get('/api/v1/payment-history-time', { ...auth, query: `?timePeriod=${enc(timePeriod)}`, signal }),
    createReview: (courseId: string, body: BodyOf<'/api/v1/create-review/{courseId}', 'post'>) =>
      post('/api/v1/create-review/{courseId}', { ...auth, params: { courseId }, body }),
    /** The course's tutor answers a review (`reviewId`: its author's user id); again to edit. */
    replyToReview: (courseId: string, reviewId: string, text: string) =>
      put('/api/v1/reviews/{courseId}/{reviewId}/reply', {
        ...auth,
        params: { courseId, reviewId },
        body: { text },
      }),
    tutorRequestFile: (file: File) =>
      post('/api/v1/tutor-request', { ...auth, body: fileForm('file', file) }),
    tutorRequestYtLink: (ytLink: string) =>
      post('/api/v1/tutor-request-ytlink', { ...auth, body: { ytLink } }),
    updateAvatar: (image: File) => put('/api/v1/update-avatar', { ...auth, body: fileForm('image', image) }),
    changeUsername: (username: string) => put('/api/v1/change-username', { ...auth, body: { username } }),
    updateUserDesc: (desc: string) => put('/api/v1/update-user-desc', { ...auth, body: { desc } }),
    changePassword: (body: BodyOf<'/api/v1/change-password', 'put'>) =>
      put('/api/v1/change-password', { ...auth, body }),
    /** Ends this session on the server; sent with `keepalive`, as the page reloads after it. */
    logOut: () => post('/api/v1/logout', { ...auth, keepalive: true }),
    todos: (signal?: AbortSignal) => get('/api2/v1/getAll-todos', { ...auth, signal }),
    createTodo: (desc: string) => post('/api2/v1/create-todo', { ...auth, body: { desc } }),
    deleteTodo: (id: string) => del('/api2/v1/delete-todo/{id}', { ...auth, params: { id } }),

    // Tutor
    tutorsCourses: (signal?: AbortSignal, page = 1) =>
      get('/api/v1/get-tutors-courses', { ...auth, query: pageQuery(page), signal }),
    deleteCourse: (id: string, categoryId: string) =>
      del('/api/v1/delete-course/{id}', { ...auth, params: { id }, headers: { catid: categoryId } }),
    createCourse: (data: unknown, image: File | null) =>
      post('/api/v1/create-course', { ...auth, body: courseForm(data, image) }),
    courseDetailsForUpdate: (id: string, signal?: AbortSignal) =>
      get('/api/v1/get-course-details-to-updateByTutor/{id}', { ...auth, params: { id }, signal }),
    updateCourse: (id: string, data: unknown, image: File | null) =>
      put('/api/v1/update-course/{id}', { ...auth, params: { id }, body: courseForm(data, image) }),
    totalIncomeTutor: () => get('/api/v1/total-income-tutor', auth),
    last28DaysEarning: () => get('/api/v1/last28Days', auth),
    last7DaysEarning: () => get('/api/v1/last7Days', auth),
    incomeAnalytics: (range: '7' | '28' | '365') => {
      const path = (
        {
          '7': '/api/v1/last7DaysIncomeAnalytics',
          '28': '/api/v1/last28DaysIncome',
          '365': '/api/v1/last365DaysIncome',
        } as const
      )[range];
      return get(path, auth);
    },
    submitAccountDetails: (body: BodyOf<'/api/v1/submit-account-details', 'post'>) =>
      post('/api/v1/submit-account-details', { ...auth, body }),
    isBankDetail: () => get('/api/v1/isBankDetail', auth),
    availableBalance: () => get('/api/v1/get-available-balance', auth),
    /** `currPass` is needed when the log-in is more than ten minutes old. */
    withdrawRequest: (amount: number, currPass?: string) =>
      post('/api/v1/withdraw-request', { ...auth, body: { amount, ...(currPass ? { currPass } : {}) } }),
    userWithdrawals: (signal?: AbortSignal, page = 1) =>
      get('/api/v1/user-withdrawals', { ...auth, query: pageQuery(page), signal }),

    // Hosted videos (the tutor's own; the bytes go to storage with the signed part addresses)
    createVideo: (body: BodyOf<'/api/v1/videos', 'post'>) => post('/api/v1/videos', { ...auth, body }),
    videoPartUrl: (videoId: string, partNumber: number) =>
      get('/api/v1/videos/{videoId}/parts/{partNumber}/url', { ...auth, params: { videoId, partNumber } }),
    videoParts: (videoId: string) => get('/api/v1/videos/{videoId}/parts', { ...auth, params: { videoId } }),
    completeVideo: (videoId: string, parts: BodyOf<'/api/v1/videos/{videoId}/complete', 'post'>['parts']) =>
      post('/api/v1/videos/{videoId}/complete', { ...auth, params: { videoId }, body: { parts } }),
    deleteVideo: (videoId: string) => del('/api/v1/videos/{videoId}', { ...auth, params: { videoId } }),
    video: (videoId: string, signal?: AbortSignal) =>
      get('/api/v1/videos/{videoId}', { ...auth, params: { videoId }, signal }),
    /** Adds (or replaces) a video's WebVTT captions in one language. */
    putCaptions: (videoId: string, lang: string, vtt: string) =>
      put('/api/v1/videos/{videoId}/captions/{lang}', { ...auth, params: { videoId, lang }, body: vtt }),
    videoPlayback: (videoId: string, signal?: AbortSignal) =>
      get('/api/v1/videos/{videoId}/playback', { ...auth, params: { videoId }, signal }),

    // Learning progress, certificates and the tutors' analytics
    progress: (courseId: string, signal?: AbortSignal) =>
      get('/api/v1/progress/{courseId}', { ...auth, params: { courseId }, signal }),
    /** Sent with `keepalive`, so what was watched reaches the server when the page closes meanwhile. */
    reportProgress: (
      courseId: string,
      itemId: string,
      body: BodyOf<'/api/v1/progress/{courseId}/{itemId}', 'put'>,
    ) =>
      put('/api/v1/progress/{courseId}/{itemId}', {
        ...auth,
        params: { courseId, itemId },
        body,
        keepalive: true,
      }),
    certificates: (signal?: AbortSignal) => get('/api/v1/certificates', { ...auth, signal }),
    certificate: (certificateId: string, signal?: AbortSignal) =>
      get('/api/v1/certificates/{certificateId}', { params: { certificateId }, signal }),
    certificatePdfUrl: (certificateId: string) =>
      `${base}${fill('/api/v1/certificates/{certificateId}/pdf' satisfies PathsWith<'get'>, { certificateId })}`,
    courseAnalytics: (courseId: string, signal?: AbortSignal) =>
      get('/api/v1/course-analytics/{courseId}', { ...auth, params: { courseId }, signal }),
  };
}
