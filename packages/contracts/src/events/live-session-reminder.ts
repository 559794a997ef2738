import type { IntegrationEvent } from '../event.ts';
import type { LiveClassNamed } from './live-session-scheduled.ts';

export const LIVE_SESSION_REMINDER = 'live.session.reminder';

/** How long before its start a live class is recalled to its course's students and tutor. */
export const LIVE_REMINDER_LEADS = ['24h', '10min'] as const;
export type LiveReminderLead = (typeof LIVE_REMINDER_LEADS)[number];

/** A live class starts in about 24 hours or 10 minutes (one event per session and lead). */
export interface LiveSessionReminderData extends LiveClassNamed {
  lead: LiveReminderLead;
}

export type LiveSessionReminder = IntegrationEvent<typeof LIVE_SESSION_REMINDER, LiveSessionReminderData>;
