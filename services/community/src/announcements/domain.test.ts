import { describe, expect, it } from 'vitest';
import { secondsToWait, waitInWords, withinWindow } from './domain.ts';

const now = new Date('2026-11-28T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

describe('announcements a day', () => {
  it('allows four in any 24 hours', () => {
    expect(secondsToWait([hoursAgo(1), hoursAgo(2), hoursAgo(3)], now)).toBe(0);
    expect(secondsToWait([hoursAgo(25), hoursAgo(1), hoursAgo(2), hoursAgo(3)], now)).toBe(0);
  });

  it('says how long until the oldest of four leaves the window', () => {
    expect(secondsToWait([hoursAgo(20), hoursAgo(1), hoursAgo(2), hoursAgo(3)], now)).toBe(4 * 3600);
    expect(waitInWords(4 * 3600 + 20 * 60)).toBe('4 hours 20 minutes');
    expect(waitInWords(59)).toBe('1 minute');
  });

  it('forgets announcements older than a day', () => {
    expect(withinWindow([hoursAgo(24), hoursAgo(23)], now)).toEqual([hoursAgo(23)]);
  });
});
