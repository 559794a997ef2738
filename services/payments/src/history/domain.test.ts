import { describe, expect, it } from 'vitest';
import { firstDayOf } from './domain.ts';

describe('history periods in Asia/Kolkata', () => {
  it('starts each window on the right day: today, and the 6 or 27 days before it', () => {
    const now = new Date('2026-03-01T00:10:00Z'); // 05:40 on 1 March in India
    expect(firstDayOf('today', now)).toBe('2026-03-01');
    expect(firstDayOf('past7days', now)).toBe('2026-02-23');
    expect(firstDayOf('past28days', now)).toBe('2026-02-02');
    expect(firstDayOf('none', now)).toBeNull();
    const lateEvening = new Date('2026-03-01T18:45:00Z'); // 00:15 on 2 March in India
    expect(firstDayOf('today', lateEvening)).toBe('2026-03-02');
  });
});
