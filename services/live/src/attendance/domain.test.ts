import { describe, expect, it } from 'vitest';
import { attendeeFigures } from './domain.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 12, minute));

describe("a participant's attendance", () => {
  it('adds up the stretches between joining and leaving', () => {
    expect(attendeeFigures({ joins: [at(0), at(30)], leaves: [at(20), at(45)] }, at(60))).toEqual({
      firstJoinedAt: at(0),
      lastLeftAt: at(45),
      totalMinutes: 35,
      present: false,
    });
  });

  it('counts one still in the room until now, to one decimal', () => {
    const until = new Date(at(10).getTime() + 15_000);
    expect(attendeeFigures({ joins: [at(0)], leaves: [] }, until)).toEqual({
      firstJoinedAt: at(0),
      lastLeftAt: null,
      totalMinutes: 10.3,
      present: true,
    });
  });

  it('takes reports in time order, however they arrived, and overlapping connections once', () => {
    // A second tab joined before the first left: one stretch from 0 to 40.
    expect(attendeeFigures({ joins: [at(10), at(0)], leaves: [at(40), at(15)] }, at(60))).toMatchObject({
      totalMinutes: 40,
      present: false,
    });
  });

  it('makes nothing of a leave without a join', () => {
    expect(attendeeFigures({ joins: [], leaves: [at(5)] }, at(60))).toBeNull();
    expect(attendeeFigures({ joins: [at(10)], leaves: [at(5), at(20)] }, at(60))).toMatchObject({
      totalMinutes: 10,
      present: false,
    });
  });
});
