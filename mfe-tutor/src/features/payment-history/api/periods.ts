import type { PaymentRecord, TimePeriod } from '@liveedu/api-client';

/** A payment received for one of the tutor's courses, with its buyer. */
export interface TutorPayment extends PaymentRecord {
  user?: { _id: string; username: string };
}

const kolkataDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a payment falls in the period by calendar days in Asia/Kolkata, as the server cuts the
 * order history: `today` is today, `past7days` / `past28days` today and the 6 / 27 days before.
 * The tutor's list has no period call of its own, so the pages loaded are cut here.
 */
export function inPeriod(createdAt: string, period: TimePeriod, now: Date = new Date()): boolean {
  if (period === 'none') return true;
  const made = new Date(createdAt);
  if (Number.isNaN(made.getTime())) return false;
  const day = (d: Date) => Date.parse(`${kolkataDay.format(d)}T00:00:00Z`);
  const back = (day(now) - day(made)) / DAY_MS;
  const days = period === 'today' ? 1 : period === 'past7days' ? 7 : 28;
  return back >= 0 && back < days;
}
