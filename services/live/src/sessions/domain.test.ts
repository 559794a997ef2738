import { describe, expect, it } from 'vitest';
import { changeProblem, endsAtOf, inListOrder, liveStatusOf, startProblem, stateOf } from './domain.ts';

const now = new Date('2026-11-28T12:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
const session = (startIn: number, durationMin = 60, cancelled = false) => ({
  startsAt: minutes(startIn),
  endsAt: endsAtOf(minutes(startIn), durationMin),
  cancelledAt: cancelled ? minutes(-100) : null,
});

describe('where a live class stands', () => {
  it('is upcoming until ten minutes before, open until the start, live until the end, then ended', () => {
    expect(stateOf(session(11), now)).toBe('upcoming');
    expect(stateOf(session(10), now)).toBe('open');
    expect(stateOf(session(1), now)).toBe('open');
    expect(stateOf(session(0), now)).toBe('live');
    expect(stateOf(session(-59), now)).toBe('live');
    expect(stateOf(session(-60), now)).toBe('ended');
    expect(stateOf(session(5, 60, true), now)).toBe('cancelled');
    expect(stateOf(session(-120, 60, true), now)).toBe('cancelled');
  });
});

describe('the start time a tutor picks', () => {
  it('must be in the future and at most 180 days ahead', () => {
    expect(startProblem(minutes(1), now)).toBeNull();
    expect(startProblem(minutes(180 * 24 * 60), now)).toBeNull();
    expect(startProblem(now, now)).toMatch(/future/);
    expect(startProblem(minutes(-1), now)).toMatch(/future/);
    expect(startProblem(minutes(180 * 24 * 60 + 1), now)).toMatch(/180 days/);
    expect(startProblem(new Date('nonsense'), now)).toMatch(/date and time/);
  });

  it('can no longer be changed once the class ended or was cancelled', () => {
    expect(changeProblem(session(30), now, 'update')).toBeNull();
    expect(changeProblem(session(-10), now, 'cancel')).toBeNull();
    expect(changeProblem(session(-60), now, 'update')).toMatch(/ended/);
    expect(changeProblem(session(-60), now, 'cancel')).toMatch(/ended/);
    expect(changeProblem(session(30, 60, true), now, 'update')).toMatch(/cancelled/);
  });
});

describe("a course's list and badge", () => {
  const named = (id: string, startIn: number, cancelled = false) => ({
    id,
    ...session(startIn, 60, cancelled),
  });

  it('puts coming and live classes first by start, then ended ones newest first, without cancelled ones', () => {
    const list = [
      named('ended-long-ago', -600),
      named('next-week', 7 * 24 * 60),
      named('live', -5),
      named('ended-lately', -90),
      named('tomorrow', 24 * 60),
      named('cancelled', 30, true),
    ];
    expect(inListOrder(list, now).map((s) => s.id)).toEqual([
      'live',
      'tomorrow',
      'next-week',
      'ended-lately',
      'ended-long-ago',
    ]);
  });

  it('says live with the class under way, and when the next starts', () => {
    expect(liveStatusOf([named('a', -5), named('b', 120), named('c', -200)], now)).toEqual({
      live: true,
      sessionId: 'a',
      nextStartsAt: minutes(120).toISOString(),
    });
    expect(liveStatusOf([named('b', 120), named('x', 60, true)], now)).toEqual({
      live: false,
      sessionId: 'b',
      nextStartsAt: minutes(120).toISOString(),
    });
    expect(liveStatusOf([named('old', -200)], now)).toEqual({
      live: false,
      sessionId: null,
      nextStartsAt: null,
    });
  });
});
