import { describe, expect, it } from 'vitest';
import { byNewest, byTop, inboxOrder, pageOf, queryWords, ranked, searchWords } from './domain.ts';
import { card } from './sample-card.ts';

describe('the words of a question and of a search', () => {
  it('are folded without case or accents, each once, without words that say nothing', () => {
    expect(searchWords('Why does the Café RENDERING, rendering: a React-hook?')).toEqual([
      'cafe',
      'rendering',
      'react',
      'hook',
    ]);
  });

  it('tells no search from a search for nothing, and looks for at most eight words', () => {
    expect(queryWords(undefined)).toBeNull();
    expect(queryWords('how do I')).toEqual([]);
    expect(queryWords('one two three four five six seven eight nine ten')).toHaveLength(8);
  });
});

describe('the order of a list', () => {
  const older = card('a1', { createdAt: 1, upvotes: 5 });
  const newer = card('a2', { createdAt: 2, upvotes: 1 });
  const sameTime = card('a3', { createdAt: 2, upvotes: 5 });

  it('is newest first, the same moment by id, or most upvoted first then newest', () => {
    expect([older, newer, sameTime].sort(byNewest).map((c) => c.id)).toEqual(['a3', 'a2', 'a1']);
    expect([older, newer, sameTime].sort(byTop).map((c) => c.id)).toEqual(['a3', 'a1', 'a2']);
  });

  it('gives a page of the cards kept, walking no further than the page', () => {
    const cards = Array.from({ length: 50 }, (_, n) => card(`c${n}`, { answerCount: n % 2 }));
    let looked = 0;
    const page = pageOf(
      cards,
      (c) => {
        looked += 1;
        return c.answerCount === 0;
      },
      2,
      3,
    );
    expect(page.map((c) => c.id)).toEqual(['c4', 'c6', 'c8']);
    expect(looked).toBe(9);
  });

  it('ranks a search by score, keeping the given order among equal scores', () => {
    const cards = ['x1', 'x2', 'x3', 'x4'].map((id) => card(id));
    const scores: Record<string, number> = { x1: 1, x2: 3, x3: 0, x4: 3 };
    const answer = ranked(
      cards,
      (c) => scores[c.id] ?? 0,
      (c) => c.id !== 'x4',
    );
    expect(answer.map((c) => c.id)).toEqual(['x2', 'x1']);
  });
});

describe("a tutor's inbox", () => {
  it('puts unanswered questions first, the longest waiting first, then the rest newest first', () => {
    const cards = [
      card('q1', { createdAt: 1, answerCount: 0 }),
      card('q2', { createdAt: 2, answerCount: 1 }),
      card('q3', { createdAt: 3, answerCount: 0 }),
      card('q4', { createdAt: 4, answerCount: 2 }),
    ];
    expect(inboxOrder(cards).map((c) => c.id)).toEqual(['q1', 'q3', 'q4', 'q2']);
  });
});
