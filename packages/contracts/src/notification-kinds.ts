/**
 * What a notification is about: the notifications service keeps a mail preference for each kind,
 * and the front end lists and names them.
 */
export const NOTIFICATION_KINDS = [
  'question',
  'answer',
  'accepted',
  'announcement',
  'liveScheduled',
  'liveCancelled',
  'liveReminder',
  'graded',
  'review',
  'sale',
  'application',
  'withdrawal',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a kind reaches the user by mail: at once, in the daily digest, or not at all (in-app only). */
export const NOTIFICATION_DELIVERIES = ['instant', 'daily', 'off'] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];
export type NotificationPreferences = Record<NotificationKind, NotificationDelivery>;

/**
 * Until a user says otherwise: what is about them alone comes at once, what is about a course's
 * crowd (questions to a tutor, announcements, reviews, sales, a live class scheduled) comes once a
 * day; what is worth nothing a day late (a live class cancelled, a reminder before one) comes at once.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: Readonly<NotificationPreferences> = {
  question: 'daily',
  answer: 'instant',
  accepted: 'instant',
  announcement: 'daily',
  liveScheduled: 'daily',
  liveCancelled: 'instant',
  liveReminder: 'instant',
  graded: 'instant',
  review: 'daily',
  sale: 'daily',
  application: 'instant',
  withdrawal: 'instant',
};
