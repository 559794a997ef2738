import { describe, expect, it } from 'vitest';
import {
  checkReport,
  clampSpans,
  countsForCertificate,
  covered,
  type ItemStanding,
  isCompleted,
  isCourseFinished,
  isItemCompleted,
  limitNew,
  lockedItems,
  newSecondsAllowed,
  percentCompleted,
  standingsOf,
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

const standing = (kind: ItemStanding['kind'], facts: Partial<ItemStanding> = {}): ItemStanding => ({
  kind,
  done: false,
  passed: false,
  required: false,
  ...facts,
});

describe('when an item is completed', () => {
  it('a video when watched, and passed too when its in-video quiz is required', () => {
    expect(isItemCompleted(standing('video', { done: true }))).toBe(true);
    expect(isItemCompleted(standing('video', { passed: true }))).toBe(false);
    expect(isItemCompleted(standing('video', { done: true, required: true }))).toBe(false);
    expect(isItemCompleted(standing('video', { done: true, required: true, passed: true }))).toBe(true);
    // A quiz on the video that nobody requires changes nothing.
    expect(isItemCompleted(standing('video', { done: true, passed: false, required: false }))).toBe(true);
  });

  it('an article when marked done; a quiz or an assignment only when passed', () => {
    expect(isItemCompleted(standing('article', { done: true }))).toBe(true);
    expect(isItemCompleted(standing('article', { passed: true }))).toBe(false);
    for (const kind of ['quiz', 'assignment'] as const) {
      expect(isItemCompleted(standing(kind, { done: true }))).toBe(false);
      expect(isItemCompleted(standing(kind, { passed: true }))).toBe(true);
      expect(isItemCompleted(standing(kind, { passed: true, required: true }))).toBe(true);
    }
  });

  it("reads the rule's facts from the stored progress, each item a video unless it says otherwise", () => {
    expect(
      standingsOf(
        [{ _id: 'a' }, { _id: 'b', kind: 'quiz' }, { _id: 'c', kind: 'article' }],
        { a: { completed: true }, b: { completed: false, passed: true } },
        new Set(['b']),
      ),
    ).toEqual([
      { kind: 'video', done: true, passed: false, required: false },
      { kind: 'quiz', done: false, passed: true, required: true },
      { kind: 'article', done: false, passed: false, required: false },
    ]);
  });
});

describe('when a course is finished', () => {
  it('waits for every item but the quizzes and assignments nobody requires', () => {
    expect(countsForCertificate({ kind: 'quiz', required: false })).toBe(false);
    expect(countsForCertificate({ kind: 'assignment', required: true })).toBe(true);
    expect(countsForCertificate({ kind: 'video', required: false })).toBe(true);
    const watched = standing('video', { done: true });
    const read = standing('article', { done: true });
    expect(isCourseFinished([watched, read, standing('quiz')])).toBe(true);
    expect(isCourseFinished([watched, read, standing('assignment', { required: true })])).toBe(false);
    expect(isCourseFinished([watched, standing('article')])).toBe(false);
    // A required in-video quiz holds the certificate until it is passed.
    expect(isCourseFinished([standing('video', { done: true, required: true })])).toBe(false);
    expect(isCourseFinished([standing('video', { done: true, required: true, passed: true })])).toBe(true);
  });

  it('counts completed items over all of them, the optional ones included', () => {
    expect(percentCompleted([standing('video', { done: true }), standing('quiz')])).toBe(50);
    expect(
      percentCompleted([standing('article', { done: true }), standing('quiz'), standing('assignment')]),
    ).toBe(33);
    expect(percentCompleted([])).toBe(0);
  });
});

describe('which items a sequential course keeps locked', () => {
  it('locks each item for a student until the one before it is completed', () => {
    expect(lockedItems({ sequential: true, student: true, completed: [false, false, false] })).toEqual([
      false,
      true,
      true,
    ]);
    expect(lockedItems({ sequential: true, student: true, completed: [true, false, false] })).toEqual([
      false,
      false,
      true,
    ]);
    expect(lockedItems({ sequential: true, student: true, completed: [true, true, true] })).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('locks nothing in a course that is not sequential, nor for its tutor or the admin', () => {
    expect(lockedItems({ sequential: false, student: true, completed: [false, false] })).toEqual([
      false,
      false,
    ]);
    expect(lockedItems({ sequential: true, student: false, completed: [false, false] })).toEqual([
      false,
      false,
    ]);
  });
});
