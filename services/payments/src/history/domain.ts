import { calendarKeys, rollingStart } from '@liveedu/calendar';

export const TIME_PERIODS = ['past7days', 'past28days', 'today', 'none'] as const;
export type TimePeriod = (typeof TIME_PERIODS)[number];

const DAYS_IN: Record<Exclude<TimePeriod, 'none'>, number> = { today: 1, past7days: 7, past28days: 28 };

/**
 * The first calendar day a period covers: today, or today and the 6 (27) days before it.
 * `none` covers everything (null). India keeps no daylight saving, so whole days of 24 hours
 * back from now land on the right calendar days.
 */
export function firstDayOf(period: TimePeriod, now: Date): string | null {
  if (period === 'none') return null;
  return calendarKeys(rollingStart(now, DAYS_IN[period] - 1)).day;
}
