import { describe, expect, it } from 'vitest';
import {
  checkReport,
  clampSpans,
  covered,
  isCompleted,
  limitNew,
  newSecondsAllowed,
  union,
} from './domain.ts';

describe('what a student watched', () => {
  it('keeps the union of spans, so watching a part twice counts once', () => {
    expect(
      union([
        [10, 20],
        [0, 5],
        [15, 30],
        [30, 31],
        [40, 40],
      ]),
    ).toEqual([
      [0, 5],
      [10, 31],
    ]);
    expect(
      covered(
        union([
          [0, 50],
          [0, 50],
          [25, 60],
        ]),
      ),
    ).toBe(60);
  });

  it('completes at 90% of the item watched, never by position or seeking', () => {
    expect(isCompleted([[0, 89]], 100)).toBe(false);
    expect(
      isCompleted(
        [
          [0, 45],
          [50, 95],
        ],
        100,
      ),
    ).toBe(true);
    expect(isCompleted([[99, 100]], 100)).toBe(false);
  });

  it('refuses positions and spans outside the item', () => {
    const ok = { positionSec: 5, durationSec: 10, watchedRanges: [[0, 5]] as [number, number][] };
    expect(checkReport(ok)).toBeNull();
    expect(checkReport({ ...ok, positionSec: 11 })).toMatch(/positionSec/);
    expect(checkReport({ ...ok, watchedRanges: [[0, 12]] })).toMatch(/watched range/);
    expect(checkReport({ ...ok, watchedRanges: [[6, 5]] })).toMatch(/watched range/);
    expect(checkReport({ ...ok, durationSec: 0, positionSec: 0, watchedRanges: [] })).toMatch(/durationSec/);
  });
});

describe('what a report may add', () => {
  it('allows what the fastest rate plays since the previous report, plus slack', () => {
    expect(newSecondsAllowed(10)).toBeCloseTo(22);
    expect(newSecondsAllowed(null)).toBeCloseTo(33);
    expect(newSecondsAllowed(-5)).toBe(0);
  });

  it('keeps only the new seconds, earliest first, up to the allowance', () => {
    expect(limitNew([], [[0, 86_400]], 33)).toEqual([[0, 33]]);
    expect(limitNew([[0, 10]], [[0, 30]], 5)).toEqual([[10, 15]]);
    expect(
      limitNew(
        [
          [0, 10],
          [20, 30],
        ],
        [[5, 40]],
        100,
      ),
    ).toEqual([
      [10, 20],
      [30, 40],
    ]);
    expect(limitNew([[0, 10]], [[2, 8]], 0)).toEqual([]);
  });

  it('keeps spans within the probed length', () => {
    expect(
      clampSpans(
        [
          [0, 5],
          [9, 12],
          [13, 14],
        ],
        10,
      ),
    ).toEqual([
      [0, 5],
      [9, 10],
    ]);
  });
});
