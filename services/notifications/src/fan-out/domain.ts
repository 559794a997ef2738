import type {
  CatalogCourseReviewedData,
  CommunityAnnouncementPostedData,
  CommunityAnswerAcceptedData,
  CommunityAnswerPostedData,
  CommunityQuestionAskedData,
  EarningsWithdrawalData,
  IdentityUserUpdatedData,
  LearningSubmissionGradedData,
  PaymentsPaymentSucceededData,
} from '@liveedu/contracts';
import type { Kind } from '../preferences/domain.ts';

/** What one event tells its recipients: the same kind and title for all, a link each. */
export interface Telling {
  kind: Kind;
  title: string;
  /** The site path the notification opens, for one recipient. */
  link(recipientId: string): string;
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** The users to tell: real ids, each once, never the one who caused it. */
export function recipientsOf(ids: readonly string[], except?: string): string[] {
  return [...new Set(ids)].filter((id) => OBJECT_ID.test(id) && id !== except);
}

const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A site path with the query parameters that have a value, in the order given. */
function sitePath(path: string, query: [string, string | number | undefined][]): string {
  const given = query.filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  if (given.length === 0) return path;
  return `${path}?${given.map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`).join('&')}`;
}

/** Where a learner reads a question: its lesson (and second) when it names one. */
export const questionInLesson =
  (q: { courseId: string; questionId: string; itemId?: string | undefined; atSec?: number | undefined }) =>
  (recipientId: string) =>
    sitePath(`/learn/${q.courseId}/user/${recipientId}`, [
      ['item', q.itemId],
      ['t', q.itemId === undefined ? undefined : q.atSec],
      ['question', q.questionId],
    ]);

export function questionAsked(data: CommunityQuestionAskedData): Telling {
  return {
    kind: 'question',
    title: `${data.askerName} asked in "${data.courseTitle}": ${data.title}`,
    link: () => sitePath('/profile/questions', [['question', data.questionId]]),
  };
}

export function answerPosted(data: CommunityAnswerPostedData): Telling {
  const who = data.byInstructor ? `${data.authorName} (instructor)` : data.authorName;
  return { kind: 'answer', title: `${who} answered "${data.questionTitle}"`, link: questionInLesson(data) };
}

export function answerAccepted(data: CommunityAnswerAcceptedData): Telling {
  return {
    kind: 'accepted',
    title: `Your answer to "${data.questionTitle}" was accepted`,
    link: questionInLesson(data),
  };
}

export function announcementPosted(data: CommunityAnnouncementPostedData): Telling {
  return {
    kind: 'announcement',
    title: `Announcement in "${data.courseTitle}": ${data.title}`,
    link: (recipientId) =>
      sitePath(`/learn/${data.courseId}/user/${recipientId}`, [['tab', 'announcements']]),
  };
}

export function submissionGraded(data: LearningSubmissionGradedData): Telling {
  return {
    kind: 'graded',
    title: `Your assignment was graded: ${data.score} points, ${data.passed ? 'passed' : 'not passed'}`,
    link: (recipientId) => sitePath(`/learn/${data.courseId}/user/${recipientId}`, [['item', data.itemId]]),
  };
}

export function courseReviewed(data: CatalogCourseReviewedData): Telling {
  const course = data.courseTitle ? `"${data.courseTitle}"` : 'your course';
  return {
    kind: 'review',
    title: `A new ${data.rating}-star review of ${course}`,
    link: () => '/profile/tutor-analytics',
  };
}

export function courseSold(data: PaymentsPaymentSucceededData): Telling {
  return {
    kind: 'sale',
    title: `"${data.courseTitle}" was bought for ${rupees(data.amountPaise)}`,
    link: () => '/profile/tutor-analytics',
  };
}

/** An application decided (accepted or rejected) by this change of the profile; null for any other change. */
export function applicationDecided(data: IdentityUserUpdatedData): Telling | null {
  if (!data.changed.includes('stausOfPage')) return null;
  if (data.stausOfPage !== 'accept' && data.stausOfPage !== 'reject') return null;
  return {
    kind: 'application',
    title:
      data.stausOfPage === 'accept'
        ? 'Your tutor application was accepted: you can now create courses'
        : 'Your tutor application was not accepted',
    link: () => '/profile',
  };
}

/** A withdrawal paid; null while it is still processing. */
export function withdrawalPaid(data: EarningsWithdrawalData): Telling | null {
  if (data.status !== 'Success') return null;
  return {
    kind: 'withdrawal',
    title: `Your withdrawal of ${rupees(data.amountPaise)} was paid into your bank account`,
    link: () => '/profile/withdraw-money',
  };
}
