/** Days and months as the platform counts them: calendar days in India's one time zone. */
export const PLATFORM_TIME_ZONE = 'Asia/Kolkata';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: PLATFORM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `YYYY-MM-DD` and `YYYY-MM` of an instant in Asia/Kolkata. */
export function calendarKeys(at: Date): { day: string; month: string } {
  const parts = Object.fromEntries(dayFormat.formatToParts(at).map((p) => [p.type, p.value]));
  const month = `${parts.year}-${parts.month}`;
  return { day: `${month}-${parts.day}`, month };
}

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
  return calendarKeys(new Date(now.getTime() - (DAYS_IN[period] - 1) * DAY_MS)).day;
}
