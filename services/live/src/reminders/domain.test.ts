import { describe, expect, it } from 'vitest';
import { dueLead, leadsSettledBy, nextReminderAt } from './domain.ts';

const now = new Date('2026-11-28T12:00:00Z');
const startingIn = (minutes: number, cancelled = false) => ({
  startsAt: new Date(now.getTime() + minutes * 60_000),
  cancelledAt: cancelled ? now : null,
});

describe('reminders before a live class', () => {
  it('sends the day-before one within 24 hours and the ten-minute one within 10 minutes', () => {
    expect(dueLead(startingIn(24 * 60 + 1), [], now)).toBeNull();
    expect(dueLead(startingIn(24 * 60), [], now)).toBe('24h');
    expect(dueLead(startingIn(11), ['24h'], now)).toBeNull();
    expect(dueLead(startingIn(10), ['24h'], now)).toBe('10min');
  });

  it('sends a class scheduled five minutes ahead only the ten-minute one', () => {
    expect(dueLead(startingIn(5), [], now)).toBe('10min');
    expect(leadsSettledBy('10min')).toEqual(['24h', '10min']);
    expect(dueLead(startingIn(5), leadsSettledBy('10min'), now)).toBeNull();
  });

  it('never sends one twice, nor for a started or cancelled class', () => {
    expect(dueLead(startingIn(60), ['24h'], now)).toBeNull();
    expect(dueLead(startingIn(0), [], now)).toBeNull();
    expect(dueLead(startingIn(-5), [], now)).toBeNull();
    expect(dueLead(startingIn(5, true), [], now)).toBeNull();
  });

  it('looks again when the next one falls due', () => {
    const startsAt = new Date('2026-12-01T10:00:00Z');
    expect(nextReminderAt(startsAt, [])).toEqual(new Date('2026-11-30T10:00:00Z'));
    expect(nextReminderAt(startsAt, ['24h'])).toEqual(new Date('2026-12-01T09:50:00Z'));
    expect(nextReminderAt(startsAt, ['24h', '10min'])).toBeNull();
  });
});
