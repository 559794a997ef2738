import { describe, expect, it } from 'vitest';
import { calendarKeys, fillCounts, lastDays, lastMonths } from './calendar.ts';

describe('calendar keys in Asia/Kolkata', () => {
  it('puts an instant on the Indian calendar day, not the UTC one', () => {
    // 20:00 UTC on 31 Jan is 01:30 on 1 Feb in India.
    expect(calendarKeys(new Date('2025-01-31T20:00:00Z'))).toEqual({ day: '2025-02-01', month: '2025-02' });
    expect(calendarKeys(new Date('2025-01-31T18:00:00Z'))).toEqual({ day: '2025-01-31', month: '2025-01' });
  });

  it('lists the last 28 days ending today, oldest first', () => {
    const days = lastDays(new Date('2025-03-01T20:00:00Z'), 28);
    expect(days).toHaveLength(28);
    expect(days[27]).toBe('2025-03-02');
    expect(days[0]).toBe('2025-02-03');
    expect(new Set(days).size).toBe(28);
  });

  it('lists the last 12 months ending this month, even from the 31st', () => {
    const months = lastMonths(new Date('2025-03-31T10:00:00Z'), 12);
    expect(months).toEqual([
      '2024-04',
      '2024-05',
      '2024-06',
      '2024-07',
      '2024-08',
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
    ]);
    expect(lastMonths(new Date('2024-12-31T19:00:00Z'), 2)).toEqual(['2024-12', '2025-01']);
  });

  it('fills days nobody signed up on with zero', () => {
    expect(fillCounts(['a', 'b', 'c'], new Map([['b', 3]]))).toEqual([0, 3, 0]);
  });
});
