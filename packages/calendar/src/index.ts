import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfWeek, subDays, subMonths } from 'date-fns';

/**
 * The platform's calendar is India's (one time zone, no daylight saving). Every stored entry
 * carries its `day` (YYYY-MM-DD) and `month` (YYYY-MM) there, so periods are plain key ranges.
 */
export const PLATFORM_TIME_ZONE = 'Asia/Kolkata';
const DAY_MS = 24 * 60 * 60 * 1000;

const local = (at: Date) => new TZDate(at, PLATFORM_TIME_ZONE);
const dayKey = (date: Date) => format(date, 'yyyy-MM-dd');
const monthKey = (date: Date) => format(date, 'yyyy-MM');

/** The platform's calendar day and month of an instant. */
export function calendarKeys(at: Date): { day: string; month: string } {
  const here = local(at);
  return { day: dayKey(here), month: monthKey(here) };
}

/** The start of a rolling window of `days` days ending now (last7Days, last28Days). */
export function rollingStart(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** The calendar month containing `now`, as its key. */
export function currentMonth(now: Date): string {
  return monthKey(local(now));
}

/** The calendar week containing `now`, Monday to Sunday, as its first and last day keys. */
export function currentWeek(now: Date): { from: string; to: string } {
  const monday = startOfWeek(local(now), { weekStartsOn: 1 });
  return { from: dayKey(monday), to: dayKey(addDays(monday, 6)) };
}

/** The last `count` days up to and including today, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  const today = local(now);
  return Array.from({ length: count }, (_, i) => dayKey(subDays(today, count - 1 - i)));
}

/** The last `count` months up to and including this one, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  // From the first of the month, so subtracting months never lands on a shorter month's end.
  const thisMonth = local(now);
  thisMonth.setDate(1);
  return Array.from({ length: count }, (_, i) => monthKey(subMonths(thisMonth, count - 1 - i)));
}

const LONG_DATE = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: PLATFORM_TIME_ZONE,
});

/** The platform's calendar day of an instant as documents print it: `5 March 2026`. */
export function longDate(at: Date): string {
  return LONG_DATE.format(at);
}
