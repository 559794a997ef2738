/**
 * A course's questions as lists show them, kept in the process: what a list filters, orders and
 * shows of each question, and the rules of filtering, ordering and paging.
 */

export interface QuestionCard {
  /** The read model's number for the question in its course (its place in the word index). */
  slot: number;
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
}

export type ListSort = 'newest' | 'top' | 'unanswered';

/** Text folded for matching: lower case, no accents, words separated by single spaces. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');
}

/**
 * Words that say nothing about a question: nearly every question has some, so indexing them costs
 * a posting per question and a search for them finds everything. Neither the index nor a search
 * keeps them: "how do I memoize a list" looks for "memoize" and "list".
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can could did do does for from had has have how i if in into is it its ' +
    'me my no not of on or so than that the then there this to was we what when where which who why ' +
    'will with would you your'
  ).split(' '),
);

/** A text's words as the index keeps them: folded, at least two characters, no stop words, each once. */
export function searchWords(text: string): string[] {
  const words = foldText(text)
    .split(' ')
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
  return [...new Set(words)];
}

/** The words a search looks for (at most 8): `null` when there is no search. */
export function queryWords(q: string | undefined): string[] | null {
  if (q === undefined) return null;
  return searchWords(q).slice(0, 8);
}

/** Newest first; the same millisecond broken by id, newest first. */
export const byNewest = (a: QuestionCard, b: QuestionCard) =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Most upvoted first, then newest. */
export const byTop = (a: QuestionCard, b: QuestionCard) => b.upvotes - a.upvotes || byNewest(a, b);

/** Where a card goes in a list ordered by `order` (binary search). */
export function insertionPoint(
  list: readonly QuestionCard[],
  card: QuestionCard,
  order: (a: QuestionCard, b: QuestionCard) => number,
): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (order(list[middle] as QuestionCard, card) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether a list shows the card to the viewer: a hidden question only to its author. */
export const shownTo = (card: QuestionCard, viewerId: string) => !card.hidden || card.authorId === viewerId;

/**
 * The cards `skip` to `skip + limit` of those the list keeps, walking the ordered cards only as
 * far as the page goes.
 */
export function pageOf(
  ordered: readonly QuestionCard[],
  keep: (card: QuestionCard) => boolean,
  skip: number,
  limit: number,
): QuestionCard[] {
  const page: QuestionCard[] = [];
  let passed = 0;
  for (const card of ordered) {
    if (!keep(card)) continue;
    if (passed >= skip) {
      page.push(card);
      if (page.length === limit) break;
    }
    passed += 1;
  }
  return page;
}

/** How many of the ordered cards the list keeps. */
export function countOf(ordered: readonly QuestionCard[], keep: (card: QuestionCard) => boolean): number {
  let count = 0;
  for (const card of ordered) if (keep(card)) count += 1;
  return count;
}

/**
 * A search's answer over the ordered cards: those kept with a score (every query word matched),
 * the best score first and, among equal scores, in the given order.
 */
export function ranked(
  ordered: readonly QuestionCard[],
  scoreOf: (card: QuestionCard) => number,
  keep: (card: QuestionCard) => boolean,
): QuestionCard[] {
  const byScore: QuestionCard[][] = [];
  for (const card of ordered) {
    const score = scoreOf(card);
    if (score === 0 || !keep(card)) continue;
    let bucket = byScore[score];
    if (!bucket) {
      bucket = [];
      byScore[score] = bucket;
    }
    bucket.push(card);
  }
  const ranked: QuestionCard[] = [];
  for (let score = byScore.length - 1; score > 0; score -= 1) {
    for (const card of byScore[score] ?? []) ranked.push(card);
  }
  return ranked;
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
