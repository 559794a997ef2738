import type { MailChoice, NotificationKind, NotificationPreferences, Role } from '@liveedu/api-client';

/** Each kind of notification as the mail preferences name it, in the order they are listed. */
const KINDS: readonly { kind: NotificationKind; label: string; tutorOnly?: boolean }[] = [
  { kind: 'answer', label: 'Answers to questions I asked or follow' },
  { kind: 'accepted', label: 'My answer accepted' },
  { kind: 'announcement', label: 'Announcements in my courses' },
  { kind: 'liveScheduled', label: 'Live classes scheduled or moved in my courses' },
  { kind: 'liveCancelled', label: 'Live classes cancelled in my courses' },
  { kind: 'liveReminder', label: 'Reminders before my live classes' },
  { kind: 'graded', label: 'My assignments graded' },
  { kind: 'application', label: 'My tutor application decided' },
  { kind: 'question', label: 'New questions in the courses I teach', tutorOnly: true },
  { kind: 'review', label: 'New reviews of my courses', tutorOnly: true },
  { kind: 'sale', label: 'My courses sold', tutorOnly: true },
  { kind: 'withdrawal', label: 'My withdrawals paid', tutorOnly: true },
];

/** The kinds a user can be notified of: a tutor's own kinds only for a tutor. */
export function mailKindsFor(role: Role) {
  return KINDS.filter((k) => role === 'tutor' || !k.tutorOnly);
}

/** The three choices for a kind, as the form offers them. */
export const MAIL_CHOICES: readonly { id: MailChoice; label: string }[] = [
  { id: 'instant', label: 'Right away' },
  { id: 'daily', label: 'Daily digest' },
  { id: 'off', label: 'Off' },
];

/** The choices of `kinds` in `preferences`: what a save sends. */
export function choicesOf(
  preferences: NotificationPreferences,
  kinds: readonly { kind: NotificationKind }[],
): Partial<NotificationPreferences> {
  return Object.fromEntries(kinds.map(({ kind }) => [kind, preferences[kind]]));
}
