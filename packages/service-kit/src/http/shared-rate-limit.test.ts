import { describe, expect, it } from 'vitest';
import { MAX_HOLD_MS, nextCount } from './shared-rate-limit.ts';

describe('counting attempts', () => {
  const minute = 60_000;
  it('counts within a window and starts again after it', () => {
    let count = nextCount(undefined, 0, minute, 3);
    expect(count).toEqual({ count: 1, untilMs: minute });
    count = nextCount(count, 10, minute, 3);
    count = nextCount(count, 20, minute, 3);
    expect(count).toEqual({ count: 3, untilMs: minute });
    expect(nextCount(count, minute, minute, 3)).toEqual({ count: 1, untilMs: 2 * minute });
  });

  it('holds back a key over its limit for a growing time, never more than the longest hold', () => {
    let count = { count: 3, untilMs: minute };
    const holds: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      count = nextCount(count, 1000, minute, 3);
      holds.push(count.untilMs - 1000);
    }
    expect(holds.slice(0, 4)).toEqual([minute, 2 * minute, 4 * minute, 8 * minute]);
    expect(Math.max(...holds)).toBe(MAX_HOLD_MS);
  });
});
