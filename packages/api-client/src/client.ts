import { ApiError } from './errors.ts';
import { readCredentials } from './storage.ts';
import type { ApiPath, BodyOf, ResponseOf, TimePeriod } from './types.ts';

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
/** The answer of a GET, POST, PUT or DELETE of `P`, from the services' schemas. */
type Get<P extends ApiPath> = ResponseOf<P, 'get'>;
type Post<P extends ApiPath> = ResponseOf<P, 'post'>;
type Put<P extends ApiPath> = ResponseOf<P, 'put'>;
type Delete<P extends ApiPath> = ResponseOf<P, 'delete'>;
/** `?page=N` for pages after the first (the first page is what the spec's client always asked for). */
const pageQuery = (page: number) => (page > 1 ? `?page=${page}` : '');

function normaliseBase(base: string): string {
  if (!base) return '/';
  return base.endsWith('/') ? base : `${base}/`;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
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
      response = await doFetch(`${base}${path}`, { method, headers, body, signal: opts.signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError('The server could not be reached.', 0);
    }
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

  const get = <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts);
  const post = <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('POST', path, { ...opts, body });
  const put = <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('PUT', path, { ...opts, body });
  const del = <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts);
  const auth = { auth: true } as const;

  return {
    baseUrl: base,

    // Public
    signUp: (body: BodyOf<'/api/v1/user-signUp', 'post'>) =>
      post<Post<'/api/v1/user-signUp'>>('api/v1/user-signUp', body),
    login: (body: BodyOf<'/api/v1/login', 'post'>) => post<Post<'/api/v1/login'>>('api/v1/login', body),
    getAllCategories: (signal?: AbortSignal) =>
      get<Get<'/api/v1/get-all-category'>>('api/v1/get-all-category', { signal }),
    recentlyAddedCourses: (signal?: AbortSignal) =>
      get<Get<'/api/v1/recently-added-courses'>>('api/v1/recently-added-courses', { signal }),
    coursesLovedByStudents: (signal?: AbortSignal) =>
      get<Get<'/api/v1/courses-loved-by-students'>>('api/v1/courses-loved-by-students', { signal }),
    topReviews: (signal?: AbortSignal) =>
      get<Get<'/api/v1/get-top4-reviews'>>('api/v1/get-top4-reviews', { signal }),
    coursesByCategory: (cat: string, signal?: AbortSignal, page = 1) =>
      get<Get<'/api/v1/courses/{cat}'>>(`api/v1/courses/${enc(cat)}${pageQuery(page)}`, {
        signal,
      }),
    allCourses: (signal?: AbortSignal, page = 1) =>
      get<Get<'/api/v1/courses'>>(`api/v1/courses${pageQuery(page)}`, { signal }),
    search: (query: string, signal?: AbortSignal, page = 1) =>
      get<Get<'/api/v1/search/{query}'>>(`api/v1/search/${enc(query)}${pageQuery(page)}`, { signal }),
    viewUser: (username: string, signal?: AbortSignal, page = 1) =>
      get<Get<'/api/v1/viewUser/{username}'>>(`api/v1/viewUser/${enc(username)}${pageQuery(page)}`, {
        signal,
      }),
    courseReviews: (id: string, page: number, signal?: AbortSignal) =>
      get<Get<'/api/v1/get-course-reviews/{id}'>>(`api/v1/get-course-reviews/${enc(id)}${pageQuery(page)}`, {
        signal,
      }),
    // Public, but sent with the session when there is one: `studentsEnrolled` then says whether
    // the caller bought the course.
    courseDetails: (id: string, signal?: AbortSignal) =>
      get<Get<'/api/v1/get-course-details/{id}'>>(`api/v1/get-course-details/${enc(id)}`, {
        ...auth,
        signal,
      }),
    learnCourse: (courseId: string, userId: string, signal?: AbortSignal) =>
      get<Get<'/api/v1/learn-course/{courseId}/user/{userId}'>>(
        `api/v1/learn-course/${enc(courseId)}/user/${enc(userId)}`,
        { ...auth, signal },
      ),
    forgotPassword: (email: string) =>
      post<Post<'/api/v1/forgot-password'>>('api/v1/forgot-password', { email }),
    resetPassword: (token: string, body: BodyOf<'/api/v1/reset-password/{token}', 'post'>) =>
      post<Post<'/api/v1/reset-password/{token}'>>(`api/v1/reset-password/${enc(token)}`, body),

    // Student and general
    getUserData: (signal?: AbortSignal) =>
      get<Get<'/api/v1/getUserData'>>('api/v1/getUserData', { ...auth, signal }),
    getApiKeys: () => get<Get<'/api/v1/get-api-keys'>>('api/v1/get-api-keys', auth),
    checkout: (body: BodyOf<'/api/v1/checkout', 'post'>) =>
      post<Post<'/api/v1/checkout'>>('api/v1/checkout', body, auth),
    /** The address the payment provider calls back once the card payment completes. */
    paymentVerificationUrl: (p: {
      orderId: string;
      courseId: string;
      userId: string;
      teacherId: string;
      amount: number;
    }) =>
      `${base}api/v1/paymentVerification/${enc(p.orderId)}/${enc(p.courseId)}/${enc(p.userId)}/${enc(p.teacherId)}/${enc(String(p.amount))}`,
    addToFavourite: (courseId: string) =>
      put<Put<'/api/v1/add-to-favourite/{id}'>>(`api/v1/add-to-favourite/${enc(courseId)}`, undefined, auth),
    removeFromFavourite: (courseId: string) =>
      put<Put<'/api/v1/remove-from-favourite/{id}'>>(
        `api/v1/remove-from-favourite/${enc(courseId)}`,
        undefined,
        auth,
      ),
    favourites: (signal?: AbortSignal, page = 1) =>
      get<Get<'/api/v1/getFavouriteBooks'>>(`api/v1/getFavouriteBooks${pageQuery(page)}`, {
        ...auth,
        signal,
      }),
    enrolledCourses: (signal?: AbortSignal, page = 1) =>
      get<Get<'/api/v1/enrolled-courses'>>(`api/v1/enrolled-courses${pageQuery(page)}`, {
        ...auth,
        signal,
      }),
    orderHistory: (signal?: AbortSignal, page = 1) =>
      get<Get<'/api/v1/order-history'>>(`api/v1/order-history${pageQuery(page)}`, { ...auth, signal }),
    paymentHistory: (signal?: AbortSignal, page = 1) =>
      get<Get<'/api/v1/payment-history'>>(`api/v1/payment-history${pageQuery(page)}`, {
        ...auth,
        signal,
      }),
    paymentHistoryTime: (timePeriod: TimePeriod, signal?: AbortSignal) =>
      get<Get<'/api/v1/payment-history-time'>>(`api/v1/payment-history-time?timePeriod=${enc(timePeriod)}`, {
        ...auth,
        signal,
      }),
    createReview: (courseId: string, body: BodyOf<'/api/v1/create-review/{courseId}', 'post'>) =>
      post<Post<'/api/v1/create-review/{courseId}'>>(`api/v1/create-review/${enc(courseId)}`, body, auth),
    tutorRequestFile: (file: File) =>
      post<Post<'/api/v1/tutor-request'>>('api/v1/tutor-request', fileForm('file', file), auth),
    tutorRequestYtLink: (ytLink: string) =>
      post<Post<'/api/v1/tutor-request-ytlink'>>('api/v1/tutor-request-ytlink', { ytLink }, auth),
    updateAvatar: (image: File) =>
      put<Put<'/api/v1/update-avatar'>>('api/v1/update-avatar', fileForm('image', image), auth),
    changeUsername: (username: string) =>
      put<Put<'/api/v1/change-username'>>('api/v1/change-username', { username }, auth),
    updateUserDesc: (desc: string) =>
      put<Put<'/api/v1/update-user-desc'>>('api/v1/update-user-desc', { desc }, auth),
    changePassword: (body: BodyOf<'/api/v1/change-password', 'put'>) =>
      put<Put<'/api/v1/change-password'>>('api/v1/change-password', body, auth),
    todos: (signal?: AbortSignal) =>
      get<Get<'/api2/v1/getAll-todos'>>('api2/v1/getAll-todos', { ...auth, signal }),
    createTodo: (desc: string) => post<Post<'/api2/v1/create-todo'>>('api2/v1/create-todo', { desc }, auth),
    deleteTodo: (id: string) =>
      del<Delete<'/api2/v1/delete-todo/{id}'>>(`api2/v1/delete-todo/${enc(id)}`, auth),

    // Tutor
    tutorsCourses: (signal?: AbortSignal, page = 1) =>
      get<Get<'/api/v1/get-tutors-courses'>>(`api/v1/get-tutors-courses${pageQuery(page)}`, {
        ...auth,
        signal,
      }),
    deleteCourse: (id: string, categoryId: string) =>
      del<Delete<'/api/v1/delete-course/{id}'>>(`api/v1/delete-course/${enc(id)}`, {
        ...auth,
        headers: { catid: categoryId },
      }),
    createCourse: (data: unknown, image: File | null) =>
      post<Post<'/api/v1/create-course'>>('api/v1/create-course', courseForm(data, image), auth),
    courseDetailsForUpdate: (id: string, signal?: AbortSignal) =>
      get<Get<'/api/v1/get-course-details-to-updateByTutor/{id}'>>(
        `api/v1/get-course-details-to-updateByTutor/${enc(id)}`,
        { ...auth, signal },
      ),
    updateCourse: (id: string, data: unknown, image: File | null) =>
      put<Put<'/api/v1/update-course/{id}'>>(
        `api/v1/update-course/${enc(id)}`,
        courseForm(data, image),
        auth,
      ),
    totalIncomeTutor: () => get<Get<'/api/v1/total-income-tutor'>>('api/v1/total-income-tutor', auth),
    last28DaysEarning: () => get<Get<'/api/v1/last28Days'>>('api/v1/last28Days', auth),
    last7DaysEarning: () => get<Get<'/api/v1/last7Days'>>('api/v1/last7Days', auth),
    incomeAnalytics: (range: '7' | '28' | '365') => {
      const path = (
        { '7': 'last7DaysIncomeAnalytics', '28': 'last28DaysIncome', '365': 'last365DaysIncome' } as const
      )[range];
      return get<Get<`/api/v1/${typeof path}`>>(`api/v1/${path}`, auth);
    },
    submitAccountDetails: (body: BodyOf<'/api/v1/submit-account-details', 'post'>) =>
      post<Post<'/api/v1/submit-account-details'>>('api/v1/submit-account-details', body, auth),
    isBankDetail: () => get<Get<'/api/v1/isBankDetail'>>('api/v1/isBankDetail', auth),
    availableBalance: () => get<Get<'/api/v1/get-available-balance'>>('api/v1/get-available-balance', auth),
    withdrawRequest: (amount: number) =>
      post<Post<'/api/v1/withdraw-request'>>('api/v1/withdraw-request', { amount }, auth),
    userWithdrawals: (signal?: AbortSignal, page = 1) =>
      get<Get<'/api/v1/user-withdrawals'>>(`api/v1/user-withdrawals${pageQuery(page)}`, {
        ...auth,
        signal,
      }),

    // Admin
    count: (what: 'users' | 'students' | 'tutors' | 'courses') =>
      get<Get<`/api/v1/count-${typeof what}`>>(`api/v1/count-${what}`, auth),
    newUsers: () => get<Get<'/api/v1/new-users'>>('api/v1/new-users', auth),
    allUsers: (page: number) => get<Get<'/api/v1/all-users'>>(`api/v1/all-users?page=${page}`, auth),
    deleteUser: (id: string) =>
      del<Delete<'/api/v1/delete-user/{id}'>>(`api/v1/delete-user/${enc(id)}`, auth),
    userSignups: () => get<Get<'/api/v1/user-signups'>>('api/v1/user-signups', auth),
    courseCreatedData: () => get<Get<'/api/v1/course-created-data'>>('api/v1/course-created-data', auth),
    newUsersPerMonth: () => get<Get<'/api/v1/new-users-per-month'>>('api/v1/new-users-per-month', auth),
    newCoursesPerMonth: () => get<Get<'/api/v1/new-courses-per-month'>>('api/v1/new-courses-per-month', auth),
    tutorRequests: () => get<Get<'/api/v1/getTutorRequests'>>('api/v1/getTutorRequests', auth),
    acceptTutorRequest: (body: BodyOf<'/api/v1/acceptTutorRequest', 'put'>) =>
      put<Put<'/api/v1/acceptTutorRequest'>>('api/v1/acceptTutorRequest', body, auth),
    /** Everyone's orders a page at a time; a `timePeriod` other than `none` keeps that period's. */
    allPaymentHistory: (signal?: AbortSignal, page = 1, timePeriod: TimePeriod = 'none') => {
      const query = new URLSearchParams();
      if (page > 1) query.set('page', String(page));
      if (timePeriod !== 'none') query.set('timePeriod', timePeriod);
      const search = query.toString();
      return get<Get<'/api/v1/all-payment-history'>>(
        `api/v1/all-payment-history${search ? `?${search}` : ''}`,
        { ...auth, signal },
      );
    },
    revenue: (which: RevenueFigure) => get<Get<`/api/v1/${typeof which}`>>(`api/v1/${which}`, auth),
    withdrawalHistory: (signal?: AbortSignal, page = 1) =>
      get<Get<'/api/v1/withdrawl-history'>>(`api/v1/withdrawl-history${pageQuery(page)}`, {
        ...auth,
        signal,
      }),
    confirmWithdrawalRequest: (id: string, status: 'Processing' | 'Success') =>
      put<Put<'/api/v1/confirm-withdrawlRequest/{id}'>>(
        `api/v1/confirm-withdrawlRequest/${enc(id)}`,
        { status },
        auth,
      ),
  };
}
