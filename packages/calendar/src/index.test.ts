import { describe, expect, it } from 'vitest';
import {
  calendarKeys,
  currentMonth,
  currentWeek,
  lastDays,
  lastMonths,
  longDate,
  rollingStart,
} from './index.ts';

describe('calendar keys in Asia/Kolkata', () => {
  it('puts an instant on India’s day and month, not UTC’s', () => {
    // 18:30 UTC on 31 January is 00:00 on 1 February in India.
    expect(calendarKeys(new Date('2026-01-31T18:29:59Z'))).toEqual({ day: '2026-01-31', month: '2026-01' });
    expect(calendarKeys(new Date('2026-01-31T18:30:00Z'))).toEqual({ day: '2026-02-01', month: '2026-02' });
    expect(currentMonth(new Date('2026-12-31T19:00:00Z'))).toBe('2027-01');
  });

  it('takes the calendar week from Monday to Sunday', () => {
    // Sunday 1 March 2026, 23:59:59 in India.
    expect(currentWeek(new Date('2026-03-01T18:29:59Z'))).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    // Monday 2 March 2026, midnight in India (still Sunday in UTC).
    expect(currentWeek(new Date('2026-03-01T18:30:00Z'))).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(currentWeek(new Date('2026-03-04T06:00:00Z'))).toEqual({ from: '2026-03-02', to: '2026-03-08' });
  });

  it('lists the last days up to today, oldest first, across a month end', () => {
    expect(lastDays(new Date('2026-03-02T04:00:00Z'), 7).join(' ')).toBe(
      '2026-02-24 2026-02-25 2026-02-26 2026-02-27 2026-02-28 2026-03-01 2026-03-02',
    );
    const days = lastDays(new Date('2026-03-02T04:00:00Z'), 28);
    expect(days).toHaveLength(28);
    expect(new Set(days).size).toBe(28);
    expect(days[0]).toBe('2026-02-03');
  });

  it('lists twelve months up to this one, even from the 31st', () => {
    expect(lastMonths(new Date('2026-03-31T10:00:00Z'), 12).join(' ')).toBe(
      '2025-04 2025-05 2025-06 2025-07 2025-08 2025-09 2025-10 2025-11 2025-12 2026-01 2026-02 2026-03',
    );
  });

  it('rolls windows back by whole days from now', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(rollingStart(now, 7).toISOString()).toBe('2026-03-03T12:00:00.000Z');
    expect(rollingStart(now, 28).toISOString()).toBe('2026-02-10T12:00:00.000Z');
  });

  it('puts a late evening in UTC on the next Indian day and month', () => {
    // 20:00 UTC on 31 Jan is 01:30 on 1 Feb in India.
    expect(calendarKeys(new Date('2025-01-31T20:00:00Z'))).toEqual({ day: '2025-02-01', month: '2025-02' });
    expect(lastMonths(new Date('2024-12-31T19:00:00Z'), 2)).toEqual(['2024-12', '2025-01']);
    expect(lastDays(new Date('2025-03-01T20:00:00Z'), 28)[27]).toBe('2025-03-02');
  });

  it('prints the day a document is dated on India’s calendar', () => {
    expect(longDate(new Date('2026-03-04T18:30:00Z'))).toBe('5 March 2026');
    expect(longDate(new Date('2026-03-04T18:29:59Z'))).toBe('4 March 2026');
  });
});
