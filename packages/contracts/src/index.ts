export { DEFAULT_DEMO_PASSWORD, DEMO_STUDENTS, DEMO_TUTOR, DEMO_VIDEOS } from './demo-accounts.ts';
export { eventOwner, type IntegrationEvent } from './event.ts';
export * from './events/catalog-course-completed.ts';
export * from './events/catalog-course-created.ts';
export * from './events/catalog-course-deleted.ts';
export * from './events/catalog-course-enrolled.ts';
export * from './events/catalog-course-reviewed.ts';
export * from './events/catalog-course-updated.ts';
export * from './events/catalog-progress-recorded.ts';
export * from './events/community-announcement-posted.ts';
export * from './events/community-answer-accepted.ts';
export * from './events/community-answer-posted.ts';
export * from './events/community-question-asked.ts';
export * from './events/earnings-bankdetails-saved.ts';
export * from './events/earnings-withdrawal-requested.ts';
export * from './events/earnings-withdrawal-updated.ts';
export * from './events/identity-user-deleted.ts';
export * from './events/identity-user-registered.ts';
export * from './events/identity-user-signed-out.ts';
export * from './events/identity-user-updated.ts';
export * from './events/learning-item-passed.ts';
export * from './events/learning-quiz-attempted.ts';
export * from './events/learning-requirement-changed.ts';
export * from './events/learning-submission-graded.ts';
export * from './events/live-session-cancelled.ts';
export * from './events/live-session-reminder.ts';
export * from './events/live-session-scheduled.ts';
export * from './events/media-video-failed.ts';
export * from './events/media-video-ready.ts';
export * from './events/payments-dispute-changed.ts';
export * from './events/payments-payment-succeeded.ts';
export * from './events/payments-refund-processed.ts';
export { GST_STATE_CODES, GST_STATES, type GstStateCode, isGstStateCode } from './gst-states.ts';
export {
  type CallerIdentity,
  IDENTITY_HEADER,
  REQUEST_ID_HEADER,
  type Role,
  SESSION_ENDED_MESSAGE,
  SESSION_ID,
} from './identity.ts';
export * from './image-variants.ts';
export {
  CATALOG_INTERNAL,
  COURSE_STUDENTS_PAGE,
  IDENTITY_INTERNAL,
  type InternalRoute,
  LEARNER_COURSES_MAX,
  LEARNER_STANDINGS_MAX,
  SITEMAP_KINDS,
  SITEMAP_PAGE_SIZE,
  type SitemapKind,
} from './internal-api.ts';
export {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_KINDS,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationPreferences,
} from './notification-kinds.ts';
export type {
  HostServerModule,
  PageHead,
  PageHeadRequest,
  PageRequest,
  RenderedPage,
  ServerRemoteModule,
} from './server-render.ts';
