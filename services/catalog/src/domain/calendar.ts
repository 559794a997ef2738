import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, format } from 'date-fns';

export const PLATFORM_TIME_ZONE = 'Asia/Kolkata';

/** The platform's calendar day and month of an instant (India has one time zone). */
export function calendarKeys(at: Date): { day: string; month: string } {
  const local = new TZDate(at, PLATFORM_TIME_ZONE);
  return { day: format(local, 'yyyy-MM-dd'), month: format(local, 'yyyy-MM') };
}

/** The last `count` calendar days ending today, oldest first, as `YYYY-MM-DD`. */
export function lastDays(now: Date, count: number): string[] {
  const today = new TZDate(now, PLATFORM_TIME_ZONE);
  return Array.from({ length: count }, (_, i) => format(addDays(today, i - count + 1), 'yyyy-MM-dd'));
}

/** The last `count` calendar months ending with this one, oldest first, as `YYYY-MM`. */
export function lastMonths(now: Date, count: number): string[] {
  const local = new TZDate(now, PLATFORM_TIME_ZONE);
  const first = new TZDate(local.getFullYear(), local.getMonth(), 1, PLATFORM_TIME_ZONE);
  return Array.from({ length: count }, (_, i) => format(addMonths(first, i - count + 1), 'yyyy-MM'));
}

/** Counts per key, in the order of `keys`, zero where nothing happened. */
export function countsFor(keys: string[], counted: Map<string, number>): number[] {
  return keys.map((key) => counted.get(key) ?? 0);
}
