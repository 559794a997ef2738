import { TZDate } from '@date-fns/tz';
import { format, subDays, subMonths } from 'date-fns';

export const PLATFORM_TIME_ZONE = 'Asia/Kolkata';

/** The platform's calendar day and month of an instant (India has one time zone). */
export function calendarKeys(at: Date): { day: string; month: string } {
  const local = new TZDate(at, PLATFORM_TIME_ZONE);
  return { day: format(local, 'yyyy-MM-dd'), month: format(local, 'yyyy-MM') };
}

/** The `count` calendar days ending today (oldest first), as `YYYY-MM-DD` in Asia/Kolkata. */
export function lastDays(now: Date, count: number): string[] {
  const today = new TZDate(now, PLATFORM_TIME_ZONE);
  return Array.from({ length: count }, (_, i) => format(subDays(today, count - 1 - i), 'yyyy-MM-dd'));
}

/** The `count` calendar months ending with this one (oldest first), as `YYYY-MM` in Asia/Kolkata. */
export function lastMonths(now: Date, count: number): string[] {
  // Counting back from the first of the month keeps 31 March − 1 month from landing on 3 March.
  const local = new TZDate(now, PLATFORM_TIME_ZONE);
  const first = new TZDate(local.getFullYear(), local.getMonth(), 1, PLATFORM_TIME_ZONE);
  return Array.from({ length: count }, (_, i) => format(subMonths(first, count - 1 - i), 'yyyy-MM'));
}

/** Counts per key, in the order of `keys`, with zero for a key nobody had. */
export function fillCounts(keys: string[], counts: Map<string, number>): number[] {
  return keys.map((key) => counts.get(key) ?? 0);
}
