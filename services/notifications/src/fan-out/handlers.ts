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

/** An announcement: every student enrolled in the course, a page of the catalog's list at a time. */
export const onAnnouncementPosted: EventHandler<CommunityAnnouncementPosted> = {
  event: COMMUNITY_ANNOUNCEMENT_POSTED,
  name: 'on-announcement-posted',
  async handle(event, ctx) {
    const telling = announcementPosted(event.data);
    const pages = courseStudents(ctx.config, event.data.courseId, event.requestId ?? event.id);
    for await (const studentIds of pages) {
      await deliver(ctx, event, telling, recipientsOf(studentIds, event.data.tutorId));
    }
  },
};
