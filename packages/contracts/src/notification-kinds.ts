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
