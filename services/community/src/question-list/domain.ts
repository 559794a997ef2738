/**
 * A course's questions as lists show them, kept in the process (docs/adr/0018): what a list
 * filters, orders and shows of each question, and the rules of filtering, ordering and paging.
 */

export interface QuestionCard {
  id: string;
  courseId: string;
  courseTitle: string;
  tutorId: string;
  itemId: string | null;
  atSec: number | null;
  title: string;
  excerpt: string;
  authorId: string | null;
  authorName: string;
  byInstructor: boolean;
  createdAt: number;
  editedAt: number | null;
  upvotes: number;
  answerCount: number;
  acceptedAnswerId: string | null;
  instructorAnswered: boolean;
  hidden: boolean;
  /** The folded title and the folded title and excerpt, each after a space: what `q` matches. */
  titleKey: string;
  textKey: string;
}

export type ListSort = 'newest' | 'top' | 'unanswered';

export interface ListQuery {
  viewerId: string;
  itemId?: string;
  sort: ListSort;
  /** Query words (folded), each matched as the beginning of a word. */
  words: string[];
  skip: number;
  limit: number;
}

/** Text folded for matching: lower case, no accents, words separated by single spaces, a space first. */
export function foldText(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');
  return ` ${folded}`;
}

/** The words of a search (at most 8), folded. */
export function queryWords(q: string | undefined): string[] {
  if (!q) return [];
  return foldText(q).trim().split(' ').filter(Boolean).slice(0, 8);
}

/** Newest first; the same second broken by id, newest first. */
export const byNewest = (a: QuestionCard, b: QuestionCard) =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Most upvoted first, then newest. */
export const byTop = (a: QuestionCard, b: QuestionCard) => b.upvotes - a.upvotes || byNewest(a, b);

/** How well a card matches every query word (0: it does not); the title counts double. */
export function matchScore(card: QuestionCard, words: readonly string[]): number {
  let score = 0;
  for (const word of words) {
    const needle = ` ${word}`;
    if (card.titleKey.includes(needle)) score += 2;
    else if (card.textKey.includes(needle)) score += 1;
    else return 0;
  }
  return score;
}

/**
 * One page of the cards (given newest first, or most upvoted first for `top`) as a viewer asks:
 * hidden ones only for their author, one item's, the unanswered ones, those matching the words
 * (best match first); and how many there are in all.
 */
export function listPage(
  ordered: readonly QuestionCard[],
  query: ListQuery,
): { cards: QuestionCard[]; total: number } {
  const picked: { card: QuestionCard; score: number }[] = [];
  for (const card of ordered) {
    if (card.hidden && card.authorId !== query.viewerId) continue;
    if (query.itemId && card.itemId !== query.itemId) continue;
    if (query.sort === 'unanswered' && card.answerCount > 0) continue;
    const score = query.words.length > 0 ? matchScore(card, query.words) : 1;
    if (score > 0) picked.push({ card, score });
  }
  // A stable sort keeps the given order among equal scores.
  if (query.words.length > 0) picked.sort((a, b) => b.score - a.score);
  return {
    cards: picked.slice(query.skip, query.skip + query.limit).map((entry) => entry.card),
    total: picked.length,
  };
}

/**
 * A tutor's inbox over the cards of their courses: unanswered questions first, the longest
 * waiting first; then the others, newest first.
 */
export function inboxOrder(cards: readonly QuestionCard[]): QuestionCard[] {
  const waiting = cards.filter((card) => card.answerCount === 0).sort((a, b) => byNewest(b, a));
  const rest = cards.filter((card) => card.answerCount > 0).sort(byNewest);
  return [...waiting, ...rest];
}
