import {
  CATALOG_COURSE_REVIEWED,
  type CatalogCourseReviewed,
  COMMUNITY_ANNOUNCEMENT_POSTED,
  COMMUNITY_ANSWER_ACCEPTED,
  COMMUNITY_ANSWER_POSTED,
  COMMUNITY_QUESTION_ASKED,
  type CommunityAnnouncementPosted,
  type CommunityAnswerAccepted,
  type CommunityAnswerPosted,
  type CommunityQuestionAsked,
  EARNINGS_WITHDRAWAL_UPDATED,
  type EarningsWithdrawalUpdated,
  IDENTITY_USER_UPDATED,
  type IdentityUserUpdated,
  type IntegrationEvent,
  LEARNING_SUBMISSION_GRADED,
  type LearningSubmissionGraded,
  LIVE_SESSION_CANCELLED,
  LIVE_SESSION_REMINDER,
  LIVE_SESSION_SCHEDULED,
  type LiveSessionCancelled,
  type LiveSessionReminder,
  type LiveSessionScheduled,
  PAYMENTS_PAYMENT_SUCCEEDED,
  type PaymentsPaymentSucceeded,
} from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { courseStudents } from './course-students.ts';
import { deliver } from './deliver.ts';
import {
  announcementPosted,
  answerAccepted,
  answerPosted,
  applicationDecided,
  courseReviewed,
  courseSold,
  liveCancelled,
  liveReminder,
  liveScheduled,
  questionAsked,
  recipientsOf,
  submissionGraded,
  type Telling,
  withdrawalPaid,
} from './domain.ts';

/**
 * A consumer that tells the users `recipients` names what `tell` makes of the event; a null
 * telling (a change that concerns nobody) makes nothing.
 */
function tells<E extends IntegrationEvent>(
  event: E['type'],
  name: string,
  tell: (data: E['data']) => Telling | null,
  recipients: (data: E['data']) => string[],
): EventHandler<E> {
  return {
    event,
    name,
    async handle(delivered, ctx) {
      const telling = tell(delivered.data);
      if (telling) await deliver(ctx, delivered, telling, recipientsOf(recipients(delivered.data)));
    },
  };
}

/** A new question in a course: its tutor. */
export const onQuestionAsked = tells<CommunityQuestionAsked>(
  COMMUNITY_QUESTION_ASKED,
  'on-question-asked',
  questionAsked,
  (data) => recipientsOf([data.tutorId], data.askerId),
);

/** A new answer: the asker and the question's followers, as the community decided them. */
export const onAnswerPosted = tells<CommunityAnswerPosted>(
  COMMUNITY_ANSWER_POSTED,
  'on-answer-posted',
  answerPosted,
  (data) => recipientsOf(data.recipients, data.authorId),
);

/** An accepted answer: its author, unless they accepted it themselves. */
export const onAnswerAccepted = tells<CommunityAnswerAccepted>(
  COMMUNITY_ANSWER_ACCEPTED,
  'on-answer-accepted',
  answerAccepted,
  (data) => recipientsOf([data.answerAuthorId], data.acceptedBy),
);

/** A graded hand-in: its student. */
export const onSubmissionGraded = tells<LearningSubmissionGraded>(
  LEARNING_SUBMISSION_GRADED,
  'on-submission-graded',
  submissionGraded,
  (data) => [data.studentId],
);

/** A review: the course's tutor, when the event names them. */
export const onCourseReviewed = tells<CatalogCourseReviewed>(
  CATALOG_COURSE_REVIEWED,
  'on-course-reviewed',
  courseReviewed,
  (data) => recipientsOf(data.tutorId ? [data.tutorId] : [], data.userId),
);

/** A sale: the course's tutor. */
export const onPaymentSucceeded = tells<PaymentsPaymentSucceeded>(
  PAYMENTS_PAYMENT_SUCCEEDED,
  'on-payment-succeeded',
  courseSold,
  (data) => [data.tutorId],
);

/** A tutor application accepted or rejected: the applicant. */
export const onApplicationDecided = tells<IdentityUserUpdated>(
  IDENTITY_USER_UPDATED,
  'on-application-decided',
  applicationDecided,
  (data) => [data.userId],
);

/** A withdrawal paid: its tutor. */
export const onWithdrawalUpdated = tells<EarningsWithdrawalUpdated>(
  EARNINGS_WITHDRAWAL_UPDATED,
  'on-withdrawal-updated',
  withdrawalPaid,
  (data) => [data.tutorId],
);

/**
 * A consumer that tells every student enrolled in the event's course (a page of the catalog's
 * list at a time, never its tutor among them) what `tell` makes of the event, and its tutor too
 * when `andTutor`; a null telling makes nothing.
 */
function tellsCourse<E extends IntegrationEvent<string, { courseId: string; tutorId: string }>>(
  event: E['type'],
  name: string,
  tell: (data: E['data'], delivered: E) => Telling | null,
  { andTutor }: { andTutor: boolean },
): EventHandler<E> {
  return {
    event,
    name,
    async handle(delivered, ctx) {
      const { courseId, tutorId } = delivered.data;
      const telling = tell(delivered.data, delivered);
      if (!telling) return;
      const pages = courseStudents(ctx.config, courseId, delivered.requestId ?? delivered.id);
      for await (const studentIds of pages) {
        await deliver(ctx, delivered, telling, recipientsOf(studentIds, tutorId));
      }
      if (andTutor) await deliver(ctx, delivered, telling, recipientsOf([tutorId]));
    },
  };
}

/** An announcement: every student enrolled in the course. */
export const onAnnouncementPosted = tellsCourse<CommunityAnnouncementPosted>(
  COMMUNITY_ANNOUNCEMENT_POSTED,
  'on-announcement-posted',
  announcementPosted,
  { andTutor: false },
);

/** A live class scheduled or moved: every student enrolled in its course. */
export const onLiveSessionScheduled = tellsCourse<LiveSessionScheduled>(
  LIVE_SESSION_SCHEDULED,
  'on-live-session-scheduled',
  liveScheduled,
  { andTutor: false },
);

/** A live class cancelled: every student enrolled in its course. */
export const onLiveSessionCancelled = tellsCourse<LiveSessionCancelled>(
  LIVE_SESSION_CANCELLED,
  'on-live-session-cancelled',
  liveCancelled,
  { andTutor: false },
);

/** A live class about to start (24 hours, then 10 minutes before): its students and its tutor. */
export const onLiveSessionReminder = tellsCourse<LiveSessionReminder>(
  LIVE_SESSION_REMINDER,
  'on-live-session-reminder',
  (data, delivered) => liveReminder(data, delivered.occurredAt),
  { andTutor: true },
);
