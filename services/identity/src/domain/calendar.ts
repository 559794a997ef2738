import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

export const PLATFORM_TIME_ZONE = 'Asia/Kolkata';

/** The platform's calendar day and month of an instant (India has one time zone). */
export function calendarKeys(at: Date): { day: string; month: string } {
  const local = new TZDate(at, PLATFORM_TIME_ZONE);
  return { day: format(local, 'yyyy-MM-dd'), month: format(local, 'yyyy-MM') };
}
