import { LIVE_REMINDER_LEADS, type LiveReminderLead } from '@liveedu/contracts';

export { LIVE_REMINDER_LEADS, type LiveReminderLead };

const MINUTE_MS = 60_000;

/** How long before the start each reminder is due. */
export const LEAD_MS: Readonly<Record<LiveReminderLead, number>> = {
  '24h': 24 * 60 * MINUTE_MS,
  '10min': 10 * MINUTE_MS,
};

/** How often the reminders are looked for. */
export const REMINDER_SWEEP_MS = 30_000;

/**
 * The reminder due for a class at `now`, or null: "10min" once the start is 10 minutes off or
 * less, else "24h" once it is a day off or less; never one already sent, never once the class has
 * started (nor for a cancelled one). A class scheduled five minutes ahead gets only "10min".
 */
export function dueLead(
  session: { startsAt: Date; cancelledAt: Date | null },
  sent: readonly LiveReminderLead[],
  now: Date,
): LiveReminderLead | null {
  if (session.cancelledAt) return null;
  const left = session.startsAt.getTime() - now.getTime();
  if (left <= 0) return null;
  if (left <= LEAD_MS['10min']) return sent.includes('10min') ? null : '10min';
  if (left <= LEAD_MS['24h']) return sent.includes('24h') || sent.includes('10min') ? null : '24h';
  return null;
}

/** The leads a sent reminder settles: the ten-minute one makes the day-before one pointless. */
export function leadsSettledBy(lead: LiveReminderLead): LiveReminderLead[] {
  return lead === '10min' ? ['24h', '10min'] : ['24h'];
}

/** When the next reminder of a class falls due, or null when none is left to send. */
export function nextReminderAt(startsAt: Date, sent: readonly LiveReminderLead[]): Date | null {
  if (sent.includes('10min')) return null;
  const lead: LiveReminderLead = sent.includes('24h') ? '10min' : '24h';
  return new Date(startsAt.getTime() - LEAD_MS[lead]);
}
