export { type AppConfig, DEFAULT_APP_CONFIG, loadAppConfig, resetAppConfig } from './app-config.ts';
export {
  type AdminClient,
  type ApiClient,
  type ApiClientOptions,
  createAccountSessionsClient,
  createAdminClient,
  createApiClient,
  REVENUE_FIGURES,
  type RevenueFigure,
} from './client.ts';
export {
  type Cart,
  type CartCheckoutBody,
  type CartCheckoutResponse,
  type CartItem,
  type CommerceClient,
  type CouponCheck,
  createCommerceClient,
  type RefundRequest,
  type RefundRequestBody,
  type RefundStanding,
} from './commerce.ts';
export {
  type AskQuestionBody,
  type CommunityClient,
  createCommunityClient,
  type QuestionFilter,
  type QuestionPage,
  type QuestionSort,
  type ReportBody,
  type ReportReceipt,
  type UpvoteAnswer,
} from './community.ts';
export { ApiError, messageOf } from './errors.ts';
export { createLearningClient, type LearningClient } from './learning.ts';
export {
  createLiveRoomClient,
  type LiveJoin,
  type LiveRecordingBody,
  type LiveRole,
  type LiveRoomClient,
} from './live-room.ts';
export {
  type CalendarFeed,
  createLiveScheduleClient,
  LIVE_SESSION_LIMITS,
  type LiveAttendee,
  type LiveScheduleClient,
  type LiveSession,
  type LiveSessionBody,
  type LiveSessionPage,
  type LiveSessionState,
  type LiveStatus,
} from './live-schedule.ts';
export {
  type AppNotification,
  createNotificationsClient,
  DEFAULT_NOTIFICATION_PREFERENCES,
  type MailChoice,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationStreamEnd,
  type NotificationStreamHandlers,
  type NotificationStreamOptions,
  type NotificationsClient,
  openNotificationStream,
  type ServerSentEvent,
  serverSentEventReader,
} from './notifications.ts';
export {
  type AdminRefundRequest,
  type AvailableBalance,
  type Coupon,
  type CouponBody,
  createStaffCommerceClient,
  type RefundDecision,
  type RefundStatus,
  type StaffCommerceClient,
} from './staff-commerce.ts';
export {
  type Announcement,
  type AnnouncementPage,
  type Answer,
  createStaffCommunityClient,
  type PostAuthor,
  type PostReport,
  type Question,
  type QuestionInList,
  type QuestionThread,
  type ReportPage,
  type ReportStatus,
  type StaffCommunityClient,
  type TutorQuestionPage,
  type TutorQuestionStatus,
} from './staff-community.ts';
export {
  clearCredentials,
  ID_KEY,
  LEGACY_TOKEN_KEY,
  readCredentials,
  type StoredCredentials,
  TOKEN_KEY,
  writeCredentials,
} from './storage.ts';
export {
  type AssignmentFileType,
  createTutorLearningClient,
  type QuizFigures,
  type SubmissionGrade,
  type SubmissionStatus,
  type TutorAssignment,
  type TutorAssignmentBody,
  type TutorLearningClient,
  type TutorQuiz,
  type TutorQuizBody,
  type TutorQuizQuestion,
  type TutorSubmission,
} from './tutor-learning.ts';
export type * from './types.ts';
export { retryAfterSeconds, TooManyPostsError } from './untyped-calls.ts';
