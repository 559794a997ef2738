import type {
  CatalogCourseReviewedData,
  CommunityAnnouncementPostedData,
  CommunityAnswerAcceptedData,
  CommunityAnswerPostedData,
  CommunityQuestionAskedData,
  EarningsWithdrawalData,
  IdentityUserUpdatedData,
  LearningSubmissionGradedData,
  LiveSessionCancelledData,
  LiveSessionReminderData,
  LiveSessionScheduledData,
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

/** A live class's room page, rendered for its host and its viewers alike. */
const liveRoom = (sessionId: string) => () => `/live/${sessionId}`;

/** A live class scheduled in a course, or moved (its time or title changed). */
export function liveScheduled(data: LiveSessionScheduledData): Telling {
  return {
    kind: 'liveScheduled',
    title: data.rescheduled
      ? `Live class rescheduled in "${data.courseTitle}": ${data.title}`
      : `New live class in "${data.courseTitle}": ${data.title}`,
    link: liveRoom(data.sessionId),
  };
}

export function liveCancelled(data: LiveSessionCancelledData): Telling {
  return {
    kind: 'liveCancelled',
    title: `Live class cancelled: ${data.title}`,
    link: liveRoom(data.sessionId),
  };
}

const MINUTE_MS = 60_000;

/** "in 3 hours", "in 1 hour", "in 40 minutes": how far off a start is, in its largest whole unit. */
function inTime(minutes: number): string {
  if (minutes >= 60) {
    const hours = Math.round(minutes / 60);
    return `in ${hours} hour${hours === 1 ? '' : 's'}`;
  }
  const whole = Math.max(1, Math.round(minutes));
  return `in ${whole} minute${whole === 1 ? '' : 's'}`;
}

/**
 * A reminder before a live class, worded by how far off its start was when the reminder was
 * made (`sentAt`): a class scheduled three hours ahead gets its "24 hours" reminder at once, which
 * says "in 3 hours", not "tomorrow". Null once the class has started (`now`): a late reminder would
 * tell of a start already past.
 */
export function liveReminder(
  data: LiveSessionReminderData,
  sentAt: string,
  now = new Date(),
): Telling | null {
  const startsAt = Date.parse(data.startsAt);
  if (!Number.isFinite(startsAt) || startsAt <= now.getTime()) return null;
  const sent = Date.parse(sentAt);
  const nominal = data.lead === '24h' ? 24 * 60 : 10;
  const minutes = Number.isFinite(sent) ? (startsAt - sent) / MINUTE_MS : nominal;
  const title =
    data.lead === '24h'
      ? minutes >= 20 * 60
        ? `Live class tomorrow: ${data.title}`
        : `Live class ${inTime(minutes)}: ${data.title}`
      : `${data.courseTitle}: "${data.title}" starts ${inTime(minutes)}`;
  return { kind: 'liveReminder', title, link: liveRoom(data.sessionId) };
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
