import { describe, expect, it } from 'vitest';
import { TITLE_WEIGHT, WordIndex } from './word-index.ts';

function matches(index: WordIndex, words: string[], slots = 10) {
  const { scoreOf, slots: found } = index.match(words, slots);
  return Object.fromEntries([...found].sort().map((slot) => [slot, scoreOf(slot)]));
}

describe('the word index of a course', () => {
  it('finds questions by the beginnings of their words, every word needed', () => {
    const index = new WordIndex();
    index.add(0, ['render', 'twice'], ['effect']);
    index.add(1, ['memo'], ['render', 'list']);
    index.add(2, ['keys'], ['list']);
    expect(matches(index, ['rend'])).toEqual({ 0: TITLE_WEIGHT, 1: 1 });
    expect(matches(index, ['rend', 'li'])).toEqual({ 1: 2 });
    expect(matches(index, ['list', 'keys'])).toEqual({ 2: TITLE_WEIGHT + 1 });
    expect(matches(index, ['zebra'])).toEqual({});
    expect(matches(index, [])).toEqual({});
  });

  it('forgets a question taken out, and one search leaves nothing to the next', () => {
    const index = new WordIndex();
    index.load((loading) => {
      loading.add(0, ['hooks'], []);
      loading.add(1, ['hooks', 'state'], []);
    });
    expect(matches(index, ['hook', 'state'])).toEqual({ 1: 2 * TITLE_WEIGHT });
    index.remove(1, ['hooks', 'state'], []);
    index.add(1, ['context'], ['hooks']);
    expect(matches(index, ['hook'])).toEqual({ 0: TITLE_WEIGHT, 1: 1 });
    expect(matches(index, ['state'])).toEqual({});
    expect(index.match(['context'], 10).scoreOf(0)).toBe(0);
  });
});
