import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_KINDS,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationPreferences,
} from '@liveedu/contracts';

/** What a notification is about; each kind has its own mail preference. */
export const KINDS = NOTIFICATION_KINDS;
export type Kind = NotificationKind;

/** How a kind reaches the user by mail: at once, in the daily digest, or not at all (in-app only). */
export const DELIVERIES = NOTIFICATION_DELIVERIES;
export type Delivery = NotificationDelivery;

export type Preferences = NotificationPreferences;

/** Until a user says otherwise (the rule is written beside the kinds, in the contracts). */
export const DEFAULT_PREFERENCES = DEFAULT_NOTIFICATION_PREFERENCES;

export const isKind = (value: unknown): value is Kind => KINDS.includes(value as Kind);

/** A user's whole map: what they chose over the defaults (anything else stored is ignored). */
export function preferencesOf(chosen: Partial<Record<string, unknown>> | undefined): Preferences {
  const whole = { ...DEFAULT_PREFERENCES };
  for (const kind of KINDS) {
    const value = chosen?.[kind];
    if (DELIVERIES.includes(value as Delivery)) whole[kind] = value as Delivery;
  }
  return whole;
}

/** What mails a kind's notifications are, in words: "You will no longer get … mails". */
export const KIND_NAMES: Readonly<Record<Kind, string>> = {
  question: 'new question',
  answer: 'new answer',
  accepted: 'accepted answer',
  announcement: 'course announcement',
  liveScheduled: 'new live class',
  liveCancelled: 'cancelled live class',
  liveReminder: 'live class reminder',
  graded: 'graded assignment',
  review: 'new review',
  sale: 'course sale',
  application: 'tutor application',
  withdrawal: 'withdrawal',
};

/** The headings a digest groups its notifications under, one per kind. */
export const KIND_HEADINGS: Readonly<Record<Kind, string>> = {
  question: 'New questions in your courses',
  answer: 'New answers',
  accepted: 'Your accepted answers',
  announcement: 'Course announcements',
  liveScheduled: 'Live classes scheduled in your courses',
  liveCancelled: 'Cancelled live classes',
  liveReminder: 'Live class reminders',
  graded: 'Graded assignments',
  review: 'New reviews of your courses',
  sale: 'Course sales',
  application: 'Your tutor application',
  withdrawal: 'Withdrawals',
};
