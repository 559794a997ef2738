import { SERVICE_NAMES, type ServiceName } from '@liveedu/platform-registry';

/**
 * Every call of the public API → the service that owns it. Paths, methods and spellings are the
 * contract with clients (typos included) and must not change. `access` is what the gateway
 * checks before forwarding; each service still authorises on its own.
 */
export type { ServiceName };
export type Access = 'public' | 'user' | 'tutor' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteEntry {
  method: Method;
  path: string;
  service: ServiceName;
  access: Access;
  /**
   * Per-address rate limit bucket: `auth` for log-in, sign-up and password reset; `lookup` for
   * public look-ups that could be used to guess (coupon codes).
   */
  limit?: 'auth' | 'lookup';
  /** Multipart uploads get a larger body limit. */
  upload?: true;
  /** An upload that may be larger than the gateway's upload limit: up to this many MiB. */
  uploadMb?: number;
  /** A write of the caller's own data only: the shared cache of public answers is kept. */
  private?: true;
  /**
   * A webhook whose `Authorization` header is its sender's signature (LiveKit's), not a user's
   * token: never read as a user's, and passed on to the service as it came.
   */
  signedByAuthorization?: true;
}

const r = (
  method: Method,
  path: string,
  service: ServiceName,
  access: Access,
  extra: Partial<RouteEntry> = {},
) => ({ method, path, service, access, ...extra }) satisfies RouteEntry;

export const routeTable: readonly RouteEntry[] = [
  // Public
  r('POST', '/api/v1/user-signUp', 'identity', 'public', { limit: 'auth' }),
  r('POST', '/api/v1/login', 'identity', 'public', { limit: 'auth' }),
  r('GET', '/api/v1/get-all-category', 'catalog', 'public'),
  r('GET', '/api/v1/recently-added-courses', 'catalog', 'public'),
  r('GET', '/api/v1/courses-loved-by-students', 'catalog', 'public'),
  r('GET', '/api/v1/get-top4-reviews', 'catalog', 'public'),
  r('GET', '/api/v1/courses/:cat', 'catalog', 'public'),
  r('GET', '/api/v1/courses', 'catalog', 'public'),
  r('GET', '/api/v1/search/:query', 'catalog', 'public'),
  r('GET', '/api/v1/viewUser/:username', 'catalog', 'public'),
  r('GET', '/api/v1/get-course-details/:id', 'catalog', 'public'),
  r('GET', '/api/v1/get-course-reviews/:id', 'catalog', 'public'),
  r('GET', '/api/v1/learn-course/:courseId/user/:userId', 'catalog', 'user'),
  r('POST', '/api/v1/forgot-password', 'identity', 'public', { limit: 'auth' }),
  r('POST', '/api/v1/reset-password/:token', 'identity', 'public', { limit: 'auth' }),

  // Student and general
  r('GET', '/api/v1/getUserData', 'identity', 'user'),
  r('POST', '/api/v1/logout', 'identity', 'user', { private: true }),
  r('POST', '/api/v1/logout-all', 'identity', 'user', { private: true }),
  r('GET', '/api/v1/sessions', 'identity', 'user'),
  r('DELETE', '/api/v1/sessions/:sid', 'identity', 'user', { private: true }),
  r('GET', '/api/v1/get-api-keys', 'payments', 'user'),
  r('POST', '/api/v1/checkout', 'payments', 'user'),
  // The payment provider (or the browser it redirects) calls these without our headers.
  r('GET', '/api/v1/paymentVerification/:orderId/:courseId/:userId/:teacherId/:amount', 'payments', 'public'),
  r(
    'POST',
    '/api/v1/paymentVerification/:orderId/:courseId/:userId/:teacherId/:amount',
    'payments',
    'public',
  ),
  r('POST', '/api/v1/razorpay-webhook', 'payments', 'public'),
  r('PUT', '/api/v1/add-to-favourite/:id', 'catalog', 'user'),
  r('PUT', '/api/v1/remove-from-favourite/:id', 'catalog', 'user'),
  r('GET', '/api/v1/getFavouriteBooks', 'catalog', 'user'),
  r('GET', '/api/v1/enrolled-courses', 'catalog', 'user'),
  r('GET', '/api/v1/order-history', 'payments', 'user'),
  r('GET', '/api/v1/payment-history', 'payments', 'tutor'),
  r('GET', '/api/v1/payment-history-time', 'payments', 'user'),
  r('POST', '/api/v1/create-review/:courseId', 'catalog', 'user'),
  r('POST', '/api/v1/tutor-request', 'identity', 'user', { upload: true }),
  r('POST', '/api/v1/tutor-request-ytlink', 'identity', 'user'),
  r('PUT', '/api/v1/update-avatar', 'identity', 'user', { upload: true }),
  r('PUT', '/api/v1/change-username', 'identity', 'user'),
  r('PUT', '/api/v1/update-user-desc', 'identity', 'user'),
  r('PUT', '/api/v1/change-password', 'identity', 'user'),
  r('GET', '/api2/v1/getAll-todos', 'todo', 'user'),
  r('POST', '/api2/v1/create-todo', 'todo', 'user', { private: true }),
  r('DELETE', '/api2/v1/delete-todo/:id', 'todo', 'user', { private: true }),
  // Learning progress and certificates.
  r('GET', '/api/v1/progress/:courseId', 'catalog', 'user'),
  r('PUT', '/api/v1/progress/:courseId/:itemId', 'catalog', 'user', { private: true }),
  r('GET', '/api/v1/course-analytics/:courseId', 'catalog', 'user'),
  r('GET', '/api/v1/certificates', 'catalog', 'user'),
  r('GET', '/api/v1/certificates/:certificateId', 'catalog', 'public'),
  r('GET', '/api/v1/certificates/:certificateId/pdf', 'catalog', 'public'),

  // Tutor
  r('GET', '/api/v1/get-tutors-courses', 'catalog', 'tutor'),
  r('DELETE', '/api/v1/delete-course/:id', 'catalog', 'tutor'),
  r('PUT', '/api/v1/reviews/:courseId/:reviewId/reply', 'catalog', 'tutor'),
  r('POST', '/api/v1/create-course', 'catalog', 'tutor', { upload: true }),
  r('GET', '/api/v1/get-course-details-to-updateByTutor/:id', 'catalog', 'tutor'),
  r('PUT', '/api/v1/update-course/:id', 'catalog', 'tutor', { upload: true }),
  r('GET', '/api/v1/total-income-tutor', 'earnings', 'tutor'),
  r('GET', '/api/v1/last28Days', 'earnings', 'tutor'),
  r('GET', '/api/v1/last7Days', 'earnings', 'tutor'),
  r('GET', '/api/v1/last7DaysIncomeAnalytics', 'earnings', 'tutor'),
  r('GET', '/api/v1/last28DaysIncome', 'earnings', 'tutor'),
  r('GET', '/api/v1/last365DaysIncome', 'earnings', 'tutor'),
  r('POST', '/api/v1/submit-account-details', 'earnings', 'tutor'),
  r('GET', '/api/v1/isBankDetail', 'earnings', 'tutor'),
  r('GET', '/api/v1/get-available-balance', 'earnings', 'tutor'),
  r('POST', '/api/v1/withdraw-request', 'earnings', 'tutor'),
  r('GET', '/api/v1/user-withdrawals', 'earnings', 'tutor'),
  // Videos: the bytes go from the browser to storage with signed part addresses, never through here.
  r('POST', '/api/v1/videos', 'media', 'tutor', { private: true }),
  r('GET', '/api/v1/videos', 'media', 'tutor'),
  r('GET', '/api/v1/videos/:videoId/parts/:partNumber/url', 'media', 'tutor'),
  r('GET', '/api/v1/videos/:videoId/parts', 'media', 'tutor'),
  r('POST', '/api/v1/videos/:videoId/complete', 'media', 'tutor', { private: true }),
  r('DELETE', '/api/v1/videos/:videoId', 'media', 'tutor', { private: true }),
  r('PUT', '/api/v1/videos/:videoId/captions/:lang', 'media', 'tutor', { private: true }),
  // The owning tutor or the admin (the service checks which).
  r('GET', '/api/v1/videos/:videoId', 'media', 'user'),
  // The enrolled student, the owning tutor or the admin (the service asks the catalog); anyone
  // else, a visitor included, is refused by the service with 403.
  r('GET', '/api/v1/videos/:videoId/playback', 'media', 'public'),
  // Playlists and segments: the signed token in the path is the proof, checked by the service.
  r('GET', '/media/:videoId/:renditionSet/:token/:file', 'media', 'public'),
  r('GET', '/media/:videoId/:renditionSet/:token/:rendition/:file', 'media', 'public'),
  r('GET', '/media/:videoId/:renditionSet/:token/captions/:file', 'media', 'public'),

  // Learning: quizzes, in-video questions and notes. The service asks the catalog who may use
  // which item (its student, unlocked; its tutor; the admin) and answers 403 otherwise.
  r('PUT', '/api/v1/courses/:courseId/items/:itemId/quiz', 'learning', 'tutor', { private: true }),
  r('GET', '/api/v1/courses/:courseId/items/:itemId/quiz', 'learning', 'tutor'),
  r('GET', '/api/v1/quiz/:courseId/:itemId', 'learning', 'user'),
  r('POST', '/api/v1/quiz/:courseId/:itemId/attempts', 'learning', 'user', { private: true }),
  r('GET', '/api/v1/courses/:courseId/items/:itemId/quiz/figures', 'learning', 'tutor'),
  r('PUT', '/api/v1/courses/:courseId/items/:itemId/assignment', 'learning', 'tutor', { private: true }),
  r('GET', '/api/v1/courses/:courseId/items/:itemId/assignment', 'learning', 'tutor'),
  r('GET', '/api/v1/assignments/:courseId/:itemId', 'learning', 'user'),
  // A hand-in's file is at most 50 MB (the assignment says how much less), with the form around it.
  r('POST', '/api/v1/assignments/:courseId/:itemId/submissions', 'learning', 'user', {
    private: true,
    upload: true,
    uploadMb: 51,
  }),
  r('GET', '/api/v1/assignments/:courseId/:itemId/submissions/mine', 'learning', 'user'),
  r('GET', '/api/v1/tutor/submissions', 'learning', 'tutor'),
  r('PUT', '/api/v1/tutor/submissions/:submissionId', 'learning', 'tutor', { private: true }),
  r('POST', '/api/v1/notes', 'learning', 'user', { private: true }),
  r('GET', '/api/v1/notes', 'learning', 'user'),
  r('GET', '/api/v1/notes/export', 'learning', 'user'),
  r('PUT', '/api/v1/notes/:noteId', 'learning', 'user', { private: true }),
  r('DELETE', '/api/v1/notes/:noteId', 'learning', 'user', { private: true }),

  // Commerce: coupons, free courses, the cart, refunds and tax invoices. Coupons are made by a
  // tutor (for their courses) or the admin (for any); the services check which.
  r('POST', '/api/v1/coupons', 'payments', 'user'),
  r('GET', '/api/v1/coupons', 'payments', 'user'),
  r('PUT', '/api/v1/coupons/:couponId', 'payments', 'user'),
  r('GET', '/api/v1/coupons/check', 'payments', 'public', { limit: 'lookup' }),
  r('POST', '/api/v1/enroll-free/:courseId', 'catalog', 'user'),
  r('GET', '/api/v1/cart', 'payments', 'user'),
  r('PUT', '/api/v1/cart', 'payments', 'user', { private: true }),
  r('POST', '/api/v1/cart/checkout', 'payments', 'user'),
  // The cart's checkout callback, called by the browser Razorpay redirects.
  r('GET', '/api/v1/cartVerification/:orderId', 'payments', 'public'),
  r('POST', '/api/v1/cartVerification/:orderId', 'payments', 'public'),
  r('POST', '/api/v1/refund-requests', 'payments', 'user'),
  r('GET', '/api/v1/refund-requests', 'payments', 'user'),
  r('GET', '/api/v1/admin/refund-requests', 'payments', 'admin'),
  r('PUT', '/api/v1/admin/refund-requests/:requestId', 'payments', 'admin'),
  r('GET', '/api/v1/orders/:orderId/invoice.pdf', 'payments', 'user'),
  r('GET', '/api/v1/orders/:orderId/credit-note.pdf', 'payments', 'user'),

  // Conversation: lesson questions and answers, reports, announcements. Who may read and post in
  // a course (its students, its tutor, the admin) is the community service's check.
  r('GET', '/api/v1/courses/:courseId/questions', 'community', 'user'),
  r('POST', '/api/v1/courses/:courseId/questions', 'community', 'user'),
  r('GET', '/api/v1/questions/:questionId', 'community', 'user'),
  r('PUT', '/api/v1/questions/:questionId', 'community', 'user'),
  r('DELETE', '/api/v1/questions/:questionId', 'community', 'user'),
  r('POST', '/api/v1/questions/:questionId/answers', 'community', 'user'),
  r('PUT', '/api/v1/questions/:questionId/answers/:answerId', 'community', 'user'),
  r('DELETE', '/api/v1/questions/:questionId/answers/:answerId', 'community', 'user'),
  r('POST', '/api/v1/questions/:questionId/upvote', 'community', 'user', { private: true }),
  r('POST', '/api/v1/questions/:questionId/answers/:answerId/upvote', 'community', 'user', { private: true }),
  r('PUT', '/api/v1/questions/:questionId/accepted', 'community', 'user'),
  r('PUT', '/api/v1/questions/:questionId/follow', 'community', 'user', { private: true }),
  r('GET', '/api/v1/tutor/questions', 'community', 'tutor'),
  r('POST', '/api/v1/reports', 'community', 'user', { private: true }),
  r('GET', '/api/v1/admin/reports', 'community', 'admin'),
  r('PUT', '/api/v1/admin/reports/:reportId', 'community', 'admin'),
  r('POST', '/api/v1/courses/:courseId/announcements', 'community', 'user'),
  r('GET', '/api/v1/courses/:courseId/announcements', 'community', 'user'),

  // Notifications: the caller's own, their preferences, and the stream the header's bell reads.
  r('GET', '/api/v1/notifications', 'notifications', 'user'),
  r('POST', '/api/v1/notifications/read', 'notifications', 'user', { private: true }),
  r('GET', '/api/v1/notifications/stream', 'notifications', 'user'),
  r('GET', '/api/v1/notification-preferences', 'notifications', 'user'),
  r('PUT', '/api/v1/notification-preferences', 'notifications', 'user', { private: true }),
  // A mail's one-click unsubscribe (RFC 8058): the signed token in the link is the authority.
  r('GET', '/api/v1/notifications/unsubscribe', 'notifications', 'public', { limit: 'lookup' }),
  r('POST', '/api/v1/notifications/unsubscribe', 'notifications', 'public', { limit: 'lookup' }),

  // Live classes: who may schedule, see and join a course's classes is the live service's check
  // (through the catalog). The course page's badge and a calendar feed (its token is the key)
  // are public; so is the media server's webhook, which its signature authenticates.
  r('POST', '/api/v1/courses/:courseId/live-sessions', 'live', 'user'),
  r('GET', '/api/v1/courses/:courseId/live-sessions', 'live', 'user'),
  r('GET', '/api/v1/courses/:courseId/live-status', 'live', 'public'),
  r('GET', '/api/v1/live-sessions/upcoming', 'live', 'user'),
  r('GET', '/api/v1/live-sessions/:sessionId', 'live', 'user'),
  r('PUT', '/api/v1/live-sessions/:sessionId', 'live', 'user'),
  r('DELETE', '/api/v1/live-sessions/:sessionId', 'live', 'user'),
  r('POST', '/api/v1/live-sessions/:sessionId/join', 'live', 'user', { private: true }),
  r('POST', '/api/v1/live-sessions/:sessionId/participants/:userId/remove', 'live', 'user', {
    private: true,
  }),
  r('POST', '/api/v1/live-sessions/:sessionId/participants/:userId/speak', 'live', 'user', { private: true }),
  r('PUT', '/api/v1/live-sessions/:sessionId/recording', 'live', 'user'),
  r('GET', '/api/v1/live-sessions/:sessionId/attendance', 'live', 'user'),
  r('GET', '/api/v1/live-sessions/:sessionId/calendar.ics', 'live', 'user'),
  r('GET', '/api/v1/calendar/feed', 'live', 'user'),
  r('POST', '/api/v1/calendar/feed', 'live', 'user', { private: true }),
  r('GET', '/api/v1/calendar/:token.ics', 'live', 'public'),
  r('POST', '/api/v1/live-webhook', 'live', 'public', { private: true, signedByAuthorization: true }),

  // Admin
  r('GET', '/api/v1/count-users', 'identity', 'admin'),
  r('GET', '/api/v1/count-students', 'identity', 'admin'),
  r('GET', '/api/v1/count-tutors', 'identity', 'admin'),
  r('GET', '/api/v1/count-courses', 'catalog', 'admin'),
  r('GET', '/api/v1/new-users', 'identity', 'admin'),
  r('GET', '/api/v1/all-users', 'identity', 'admin'),
  r('DELETE', '/api/v1/delete-user/:id', 'identity', 'admin'),
  r('GET', '/api/v1/user-signups', 'identity', 'admin'),
  r('GET', '/api/v1/course-created-data', 'catalog', 'admin'),
  r('GET', '/api/v1/new-users-per-month', 'identity', 'admin'),
  r('GET', '/api/v1/new-courses-per-month', 'catalog', 'admin'),
  r('GET', '/api/v1/getTutorRequests', 'identity', 'admin'),
  r('PUT', '/api/v1/acceptTutorRequest', 'identity', 'admin'),
  r('GET', '/api/v1/all-payment-history', 'payments', 'admin'),
  r('GET', '/api/v1/getTotalRevnue', 'earnings', 'admin'),
  r('GET', '/api/v1/getTotalRevenueThisMonth', 'earnings', 'admin'),
  r('GET', '/api/v1/getTotalRevenueThisWeek', 'earnings', 'admin'),
  r('GET', '/api/v1/getTotalRevenueTwentyPercent', 'earnings', 'admin'),
  r('GET', '/api/v1/getTotalRevenueThisMonthTwentyPercent', 'earnings', 'admin'),
  r('GET', '/api/v1/getTotalRevenueThisWeektwentypercent', 'earnings', 'admin'),
  r('GET', '/api/v1/withdrawl-history', 'earnings', 'admin'),
  r('PUT', '/api/v1/confirm-withdrawlRequest/:id', 'earnings', 'admin'),
];

/** The services calls are routed to: the platform registry's. */
export const SERVICES: readonly ServiceName[] = SERVICE_NAMES;
