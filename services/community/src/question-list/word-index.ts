/**
 * Which of a course's questions hold which words, for `q`: per word, the slots (small integers the
 * read model gives its questions) of the questions whose title holds it, and of those whose
 * excerpt does but whose title does not. The vocabulary is kept sorted, so the words a query word
 * begins are one binary search and a run. A search touches only the postings of the words it
 * matches and allocates nothing per question beyond a few typed arrays.
 */

/** A query word found in a title counts this much, one found only in the excerpt 1. */
export const TITLE_WEIGHT = 2;

interface Postings {
  title: number[];
  body: number[];
}

export interface WordMatches {
  /** A slot's score: the sum over the query words of where each matched (0: not every word did). */
  scoreOf(slot: number): number;
  /** The slots every query word matched, in no particular order. */
  slots: number[];
}

export class WordIndex {
  private readonly postings = new Map<string, Postings>();
  /** Every word that has (or had) postings, in code-unit order (once `sorted`). */
  private vocabulary: string[] = [];
  private sorted = true;
  /** While loading, new words are sorted once at the end rather than each put in place. */
  private loading = false;

  /** Adds many questions at once (a course's first load): the vocabulary is sorted once. */
  load(add: (index: WordIndex) => void): void {
    this.loading = true;
    try {
      add(this);
    } finally {
      this.loading = false;
      if (!this.sorted) this.vocabulary.sort();
      this.sorted = true;
    }
  }

  /** Indexes a question's words under its slot: its title's, and its excerpt's not in the title. */
  add(slot: number, titleWords: readonly string[], bodyWords: readonly string[]): void {
    const inTitle = new Set(titleWords);
    for (const word of inTitle) this.postingsOf(word).title.push(slot);
    for (const word of new Set(bodyWords)) if (!inTitle.has(word)) this.postingsOf(word).body.push(slot);
  }

  /** Takes the slot out of the postings of the words it was added with. */
  remove(slot: number, titleWords: readonly string[], bodyWords: readonly string[]): void {
    const inTitle = new Set(titleWords);
    for (const word of inTitle) drop(this.postings.get(word)?.title, slot);
    for (const word of new Set(bodyWords)) if (!inTitle.has(word)) drop(this.postings.get(word)?.body, slot);
  }

  // Per-slot scratch of the searches, grown with the slots and never cleared: a number marks which
  // search and which of its words last touched a slot, so old values never count.
  private touchedBy = new Uint32Array(0);
  private matchedUpTo = new Uint32Array(0);
  private best = new Uint8Array(0);
  private scores = new Uint16Array(0);
  private mark = 0;

  /**
   * The slots (below `slotCount`) with a word beginning with every query word, each scored by
   * `TITLE_WEIGHT` for a word matched in the title and 1 for one matched in the excerpt only.
   * The answer is good until the next search.
   */
  match(words: readonly string[], slotCount: number): WordMatches {
    this.grow(slotCount);
    if (this.mark > 0xfff00000) {
      this.mark = 0;
      this.touchedBy.fill(0);
      this.matchedUpTo.fill(0);
    }
    const { touchedBy, matchedUpTo, best, scores } = this;
    const start = this.mark;
    this.mark += words.length + 1;
    let slots: number[] = [];
    words.forEach((word, index) => {
      const mark = start + index + 1;
      const touched: number[] = [];
      for (const postings of this.beginningWith(word)) {
        for (const slot of postings.title) {
          if (touchedBy[slot] !== mark) {
            touchedBy[slot] = mark;
            touched.push(slot);
          }
          best[slot] = TITLE_WEIGHT;
        }
        for (const slot of postings.body) {
          if (touchedBy[slot] !== mark) {
            touchedBy[slot] = mark;
            touched.push(slot);
            best[slot] = 1;
          }
        }
      }
      // A slot goes on only when it matched every word before this one too.
      const kept: number[] = [];
      for (const slot of touched) {
        if (index === 0) scores[slot] = best[slot] as number;
        else if (matchedUpTo[slot] === mark - 1)
          scores[slot] = (scores[slot] as number) + (best[slot] as number);
        else continue;
        matchedUpTo[slot] = mark;
        kept.push(slot);
      }
      slots = kept;
    });
    const last = start + words.length;
    return {
      scoreOf: (slot) => (words.length > 0 && matchedUpTo[slot] === last ? (scores[slot] as number) : 0),
      slots,
    };
  }

  private grow(slotCount: number): void {
    if (this.touchedBy.length >= slotCount) return;
    const size = Math.max(slotCount, this.touchedBy.length * 2, 1024);
    const grown = <T extends Uint32Array | Uint16Array | Uint8Array>(old: T, make: (n: number) => T): T => {
      const next = make(size);
      next.set(old);
      return next;
    };
    this.touchedBy = grown(this.touchedBy, (n) => new Uint32Array(n));
    this.matchedUpTo = grown(this.matchedUpTo, (n) => new Uint32Array(n));
    this.best = grown(this.best, (n) => new Uint8Array(n));
    this.scores = grown(this.scores, (n) => new Uint16Array(n));
  }

  private postingsOf(word: string): Postings {
    let postings = this.postings.get(word);
    if (!postings) {
      postings = { title: [], body: [] };
      this.postings.set(word, postings);
      if (this.loading) {
        this.vocabulary.push(word);
        this.sorted = false;
      } else {
        this.vocabulary.splice(lowerBound(this.vocabulary, word), 0, word);
      }
    }
    return postings;
  }

  private *beginningWith(prefix: string): Generator<Postings> {
    for (let at = lowerBound(this.vocabulary, prefix); at < this.vocabulary.length; at += 1) {
      const word = this.vocabulary[at] as string;
      if (!word.startsWith(prefix)) return;
      const postings = this.postings.get(word);
      if (postings) yield postings;
    }
  }
}

function drop(list: number[] | undefined, slot: number): void {
  if (!list) return;
  const at = list.lastIndexOf(slot);
  if (at >= 0) list.splice(at, 1);
}

/** The first position in the sorted list whose word is not before `word`. */
function lowerBound(list: readonly string[], word: string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle] as string) < word) low = middle + 1;
    else high = middle;
  }
  return low;
}
