import type { ServiceDefinition } from '@liveedu/service-kit';
import { notificationsSettings } from './config.ts';
import { onUserDeleted } from './deleted-users/handlers.ts';
import {
  onAnnouncementPosted,
  onAnswerAccepted,
  onAnswerPosted,
  onApplicationDecided,
  onCourseReviewed,
  onLiveSessionCancelled,
  onLiveSessionReminder,
  onLiveSessionScheduled,
  onPaymentSucceeded,
  onQuestionAsked,
  onSubmissionGraded,
  onWithdrawalUpdated,
} from './fan-out/handlers.ts';
import inboxRoutes from './inbox/routes.ts';
import { INBOXES, NOTIFICATIONS } from './inbox/store.ts';
import { scheduleDigests } from './mail/digest.ts';
import unsubscribeRoutes from './mail/routes.ts';
import { DIGESTS } from './mail/store.ts';
import preferenceRoutes from './preferences/routes.ts';
import { PREFERENCES } from './preferences/store.ts';
import { onUserRegistered, onUserRenamed } from './recipients/handlers.ts';
import { RECIPIENTS } from './recipients/store.ts';
import streamRoutes from './stream/routes.ts';

export const notificationsService: ServiceDefinition = {
  name: 'notifications',
  openapi: {
    title: 'LiveEdu notifications',
    description:
      "Each user's notifications from the platform's events, their live stream, and mail by preference.",
  },
  settings: notificationsSettings,
  indexes: [NOTIFICATIONS, INBOXES, PREFERENCES, RECIPIENTS, DIGESTS],
  handlers: [
    onQuestionAsked,
    onAnswerPosted,
    onAnswerAccepted,
    onAnnouncementPosted,
    onLiveSessionScheduled,
    onLiveSessionCancelled,
    onLiveSessionReminder,
    onSubmissionGraded,
    onCourseReviewed,
    onPaymentSucceeded,
    onApplicationDecided,
    onWithdrawalUpdated,
    onUserRegistered,
    onUserRenamed,
    onUserDeleted,
  ],
  decorate(app) {
    scheduleDigests(app);
  },
  routes: [inboxRoutes, streamRoutes, preferenceRoutes, unsubscribeRoutes],
};
