import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, KINDS, preferencesOf } from './domain.ts';

describe('preferences', () => {
  it('gives every kind a default: what is about the user alone or soon worthless at once, a course crowd daily', () => {
    const defaults = preferencesOf(undefined);
    const daily = KINDS.filter((kind) => defaults[kind] === 'daily');
    expect(daily).toEqual(['question', 'announcement', 'liveScheduled', 'review', 'sale']);
    // Every other kind comes at once.
    expect(KINDS.filter((kind) => !['daily', 'instant'].includes(defaults[kind]))).toEqual([]);
    expect(Object.keys(DEFAULT_PREFERENCES).sort()).toEqual([...KINDS].sort());
  });

  it('lays what a user chose over the defaults and ignores anything not a kind or a choice', () => {
    const whole = preferencesOf({ sale: 'off', answer: 'daily', graded: 'weekly', unknown: 'off' });
    expect(whole.sale).toBe('off');
    expect(whole.answer).toBe('daily');
    expect(whole.graded).toBe('instant');
    expect(Object.keys(whole)).toHaveLength(KINDS.length);
  });
});
