import { describe, expect, it } from 'vitest';
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
  withdrawalPaid,
} from './domain.ts';

const COURSE = '64d0c0de00000000000c0001';
const ME = '64d0c0de00000000000a0001';
const OTHER = '64d0c0de00000000000a0002';
const QUESTION = '64d0c0de00000000000f0001';
const ITEM = '64d0c0de00000000000e0001';

describe('who is told', () => {
  it('each real id once, never the one who caused it', () => {
    expect(recipientsOf([ME, OTHER, ME, 'nonsense'], OTHER)).toEqual([ME]);
  });
});

describe('links', () => {
  const answer = {
    answerId: 'a',
    questionId: QUESTION,
    questionTitle: 'Why?',
    courseId: COURSE,
    authorId: OTHER,
    authorName: 'asha',
    byInstructor: true,
    recipients: [ME],
    postedAt: '2025-01-01T00:00:00Z',
  };

  it('open the question in its lesson, with the second only when the question names an item', () => {
    expect(answerPosted({ ...answer, itemId: ITEM, atSec: 42 }).link(ME)).toBe(
      `/learn/${COURSE}/user/${ME}?item=${ITEM}&t=42&question=${QUESTION}`,
    );
    expect(answerPosted(answer).link(ME)).toBe(`/learn/${COURSE}/user/${ME}?question=${QUESTION}`);
    expect(answerPosted(answer).title).toBe('asha (instructor) answered "Why?"');
    const accepted = answerAccepted({
      ...answer,
      answerAuthorId: ME,
      acceptedBy: OTHER,
      acceptedAt: '2025-01-01T00:00:00Z',
    });
    expect(accepted).toMatchObject({ kind: 'accepted', title: 'Your answer to "Why?" was accepted' });
  });

  it("send a tutor's question to their questions page, an announcement to the course's tab", () => {
    const asked = questionAsked({
      questionId: QUESTION,
      courseId: COURSE,
      courseTitle: 'Sanskrit',
      tutorId: OTHER,
      askerId: ME,
      askerName: 'ravi',
      title: 'What is sandhi?',
      askedAt: '2025-01-01T00:00:00Z',
    });
    expect(asked.link(OTHER)).toBe(`/profile/questions?question=${QUESTION}`);
    expect(asked.title).toBe('ravi asked in "Sanskrit": What is sandhi?');
    const announced = announcementPosted({
      announcementId: 'n',
      courseId: COURSE,
      courseTitle: 'Sanskrit',
      tutorId: OTHER,
      title: 'Live class',
      postedAt: '2025-01-01T00:00:00Z',
    });
    expect(announced.link(ME)).toBe(`/learn/${COURSE}/user/${ME}?tab=announcements`);
  });

  it('open a graded item, the analytics for reviews and sales, the profile and the withdrawals', () => {
    const graded = submissionGraded({
      submissionId: 's',
      studentId: ME,
      tutorId: OTHER,
      courseId: COURSE,
      itemId: ITEM,
      score: 8,
      passed: true,
      gradedAt: '2025-01-01T00:00:00Z',
    });
    expect(graded.link(ME)).toBe(`/learn/${COURSE}/user/${ME}?item=${ITEM}`);
    expect(courseReviewed({ courseId: COURSE, userId: ME, rating: 5 }).title).toBe(
      'A new 5-star review of your course',
    );
    const sold = courseSold({
      orderId: 'o',
      paymentId: 'p',
      courseId: COURSE,
      courseTitle: 'Sanskrit',
      studentId: ME,
      tutorId: OTHER,
      amountPaise: 49_900,
      paidAt: '2025-01-01T00:00:00Z',
    });
    expect(sold.title).toBe('"Sanskrit" was bought for ₹499.00');
    expect(sold.link(OTHER)).toBe('/profile/tutor-analytics');
  });
});

describe('changes that tell nobody', () => {
  const profile = {
    userId: ME,
    username: 'ravi',
    avatar: '',
    desc: '',
    role: 'student' as const,
    stausOfPage: 'accept' as const,
    changed: ['stausOfPage' as const],
  };

  it('an application is told only when its status changed to accept or reject', () => {
    expect(applicationDecided(profile)?.link(ME)).toBe('/profile');
    expect(applicationDecided({ ...profile, stausOfPage: 'reject' })?.title).toBe(
      'Your tutor application was not accepted',
    );
    expect(applicationDecided({ ...profile, changed: ['desc'] })).toBeNull();
    expect(applicationDecided({ ...profile, stausOfPage: 'in progress' })).toBeNull();
  });

  it('a withdrawal is told once paid', () => {
    const withdrawal = { withdrawalId: 'w', tutorId: ME, amountPaise: 100_000, at: '2025-01-01T00:00:00Z' };
    expect(withdrawalPaid({ ...withdrawal, status: 'Processing' })).toBeNull();
    expect(withdrawalPaid({ ...withdrawal, status: 'Success' })?.link(ME)).toBe('/profile/withdraw-money');
  });
});

describe('live classes', () => {
  const SESSION = '64d0c0de0000000000050001';
  const session = {
    sessionId: SESSION,
    courseId: COURSE,
    courseTitle: 'Spoken Sanskrit',
    tutorId: OTHER,
    title: 'Sandhi, live',
    startsAt: '2025-03-02T10:00:00.000Z',
  };
  const at = (iso: string) => new Date(iso);

  it('open the room page, and say whether a class is new, moved or cancelled', () => {
    const scheduled = liveScheduled({ ...session, durationMin: 60, rescheduled: false });
    expect(scheduled).toMatchObject({
      kind: 'liveScheduled',
      title: 'New live class in "Spoken Sanskrit": Sandhi, live',
    });
    expect(scheduled.link(ME)).toBe(`/live/${SESSION}`);
    expect(liveScheduled({ ...session, durationMin: 60, rescheduled: true }).title).toBe(
      'Live class rescheduled in "Spoken Sanskrit": Sandhi, live',
    );
    const cancelled = liveCancelled(session);
    expect(cancelled).toMatchObject({ kind: 'liveCancelled', title: 'Live class cancelled: Sandhi, live' });
    expect(cancelled.link(OTHER)).toBe(`/live/${SESSION}`);
  });

  it('word a reminder by how far off the start was when it was sent', () => {
    const now = at('2025-03-01T09:00:00.000Z');
    const dayAhead = liveReminder({ ...session, lead: '24h' }, '2025-03-01T10:00:20.000Z', now);
    expect(dayAhead).toMatchObject({ kind: 'liveReminder', title: 'Live class tomorrow: Sandhi, live' });
    expect(dayAhead?.link(ME)).toBe(`/live/${SESSION}`);
    // Scheduled three hours ahead: its day's reminder comes at once.
    expect(liveReminder({ ...session, lead: '24h' }, '2025-03-02T07:00:00.000Z', now)?.title).toBe(
      'Live class in 3 hours: Sandhi, live',
    );
    expect(liveReminder({ ...session, lead: '10min' }, '2025-03-02T09:50:10.000Z', now)?.title).toBe(
      'Spoken Sanskrit: "Sandhi, live" starts in 10 minutes',
    );
    // Scheduled five minutes ahead: only the 10-minute reminder, which says five.
    expect(liveReminder({ ...session, lead: '10min' }, '2025-03-02T09:55:00.000Z', now)?.title).toBe(
      'Spoken Sanskrit: "Sandhi, live" starts in 5 minutes',
    );
  });

  it('tell nobody of a reminder handled once the class has started', () => {
    const late = at('2025-03-02T10:00:01.000Z');
    expect(liveReminder({ ...session, lead: '10min' }, '2025-03-02T09:50:00.000Z', late)).toBeNull();
  });
});
