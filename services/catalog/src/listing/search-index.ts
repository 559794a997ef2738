/**
 * The listing's full-text index: which courses hold which words, in which field. Built for a
 * search whose cost follows the courses a query matches with the smallest constant we can give
 * it: postings are plain arrays of small integers (a course's slot), a query adds up field weights
 * in typed arrays, and nothing is allocated per matching course. The vocabulary is MiniSearch's
 * radix tree (`SearchableMap`), which gives prefix and typo-tolerant lookups of words (ADR 6).
 *
 * Relevance is where a word matched and how: a title word counts 6, a tutor name 3, a category 2,
 * a description word 1; the word itself counts whole, a word it begins half, a word one typo away
 * 0.4. A course's score is the sum over the query's words of each word's best match, and every
 * word must match. Ties go to the newer course, then to the larger id, so pages never overlap.
 */
import SearchableMap from 'minisearch/SearchableMap';

export interface SearchText {
  title: string;
  tutor: string;
  category: string;
  desc: string;
}

const FIELDS = ['title', 'tutor', 'category', 'desc'] as const;
const FIELD_WEIGHTS = [6, 3, 2, 1] as const;
const EXACT = 1;
const PREFIX = 0.5;
const TYPO = 0.4;

/** Lower case without accents: "Café Résumé" and "cafe resume" are the same words. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * Words are letters and digits, with `+` and `#` kept inside them so that "C++" and "C#" stay
 * words; everything else separates words. The text is never a pattern.
 */
const WORD_SEPARATOR = /[^\p{L}\p{N}+#]+/u;

/**
 * Words that say nothing about a course: they are in nearly every description, so indexing them
 * costs a posting per course and finds everything. A query drops them too: "python for data"
 * looks for "python" and "data".
 */
const STOP_WORDS = new Set(
  'a an and are as at be by for from has have in into is it its of on or that the this to with you your'.split(
    ' ',
  ),
);

export function words(text: string): string[] {
  return foldText(text)
    .split(WORD_SEPARATOR)
    .filter((w) => w.length > 0);
}

/** The words an index keeps and a query looks for: folded, each once, without stop words. */
export function searchWords(text: string): string[] {
  return [...new Set(words(text).filter((w) => !STOP_WORDS.has(w)))];
}

/** One posting list per field: the slots of the courses whose field holds the word. */
type TermPostings = [number[] | undefined, number[] | undefined, number[] | undefined, number[] | undefined];

/** A 53-bit fingerprint of a course's searchable text: an unchanged text keeps its postings. */
function fingerprint(text: SearchText): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (const field of FIELDS) {
    const value = `${text[field]}\u0000`;
    for (let i = 0; i < value.length; i += 1) {
      const c = value.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
    }
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}

export interface SearchPage {
  ids: string[];
  total: number;
}

/**
 * The search index of the listing. Each entry may carry an item (the listing's card), handed to
 * the `keep` of a narrowed search so it needs no lookup by id.
 */
export class SearchIndex<T = undefined> {
  private readonly vocabulary = new SearchableMap<TermPostings>();
  /** Slot → course id; `undefined` for a slot whose course left and whose postings remain. */
  private ids: Array<string | undefined> = [];
  private createdAt: number[] = [];
  private items: Array<T | undefined> = [];
  private fingerprints: number[] = [];
  private readonly slotOf = new Map<string, number>();
  /** Slots left but still named by postings; purged together, then reused. */
  private left: number[] = [];
  private readonly free: number[] = [];
  // Per-query scratch, indexed by slot and grown with the slots.
  private stamp = new Uint32Array(0);
  private best = new Float64Array(0);
  private total = new Float64Array(0);
  private generation = 0;

  get size(): number {
    return this.slotOf.size;
  }

  /** Adds or replaces a course's text. `createdAt` (ms) breaks ties between equal scores. */
  put(id: string, text: SearchText, createdAt: number, item?: T): void {
    const print = fingerprint(text);
    const known = this.slotOf.get(id);
    if (known !== undefined) {
      if (this.fingerprints[known] === print) {
        this.createdAt[known] = createdAt;
        this.items[known] = item;
        return;
      }
      this.remove(id);
    }
    const slot = this.free.pop() ?? this.ids.length;
    this.ids[slot] = id;
    this.createdAt[slot] = createdAt;
    this.items[slot] = item;
    this.fingerprints[slot] = print;
    this.slotOf.set(id, slot);
    FIELDS.forEach((field, f) => {
      for (const word of searchWords(text[field])) {
        let postings = this.vocabulary.get(word);
        if (!postings) {
          postings = [undefined, undefined, undefined, undefined];
          this.vocabulary.set(word, postings);
        }
        const list = postings[f];
        if (list) list.push(slot);
        else postings[f] = [slot];
      }
    });
  }

  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.ids[slot] = undefined;
    this.items[slot] = undefined;
    this.left.push(slot);
    if (this.left.length >= Math.max(1_000, this.slotOf.size / 8)) this.purge();
  }

  /** Drops the postings of courses that left, and words no course holds any more. */
  private purge(): void {
    const gone = new Set(this.left);
    const empty: string[] = [];
    for (const [word, postings] of this.vocabulary) {
      let kept = 0;
      for (let f = 0; f < postings.length; f += 1) {
        const list = postings[f];
        if (!list) continue;
        const rest = list.filter((slot) => !gone.has(slot));
        postings[f] = rest.length > 0 ? rest : undefined;
        kept += rest.length;
      }
      if (kept === 0) empty.push(word);
    }
    for (const word of empty) this.vocabulary.delete(word);
    this.free.push(...this.left);
    this.left = [];
  }

  /** The words of the vocabulary a query word stands for, each with how well it matches. */
  private expansions(word: string): Array<[TermPostings, number]> {
    const found = new Map<string, [TermPostings, number]>();
    const exact = this.vocabulary.get(word);
    if (exact) found.set(word, [exact, EXACT]);
    // A word of one or two letters ("c", "go") is matched whole: as a prefix it would match a
    // large share of every word in the catalogue.
    if (word.length >= 3) {
      for (const [term, postings] of this.vocabulary.atPrefix(word)) {
        if (!found.has(term)) found.set(term, [postings, PREFIX]);
      }
    }
    if (word.length >= 5) {
      const distance = Math.round(word.length * 0.2);
      for (const [term, [postings]] of this.vocabulary.fuzzyGet(word, distance)) {
        if (!found.has(term)) found.set(term, [postings, TYPO]);
      }
    }
    return [...found.values()];
  }

  private ensureScratch(): void {
    if (this.stamp.length >= this.ids.length) return;
    const size = Math.max(1_024, this.ids.length * 2);
    this.stamp = new Uint32Array(size);
    this.best = new Float64Array(size);
    this.total = new Float64Array(size);
    this.generation = 0;
  }

  private nextGeneration(): number {
    this.generation += 1;
    if (this.generation === 0xffffffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }

  /** The courses holding every word of the text, best first: one page of ids and the count. */
  search(text: string, offset: number, limit: number): SearchPage {
    return this.searchNarrowed(text, offset, limit);
  }

  /**
   * `search`, counting and ordering only the matches `keep` accepts (a list's filters). `keep` is
   * called once for every match, with its item, so it can also count what the words matched.
   */
  searchNarrowed(text: string, offset: number, limit: number, keep?: (item: T) => boolean): SearchPage {
    const query = searchWords(text);
    if (query.length === 0) return { ids: [], total: 0 };
    this.ensureScratch();
    const { stamp, best, total, ids } = this;
    let matched: number[] = [];
    for (let w = 0; w < query.length; w += 1) {
      const generation = this.nextGeneration();
      const touched: number[] = [];
      for (const [postings, quality] of this.expansions(query[w]!)) {
        for (let f = 0; f < postings.length; f += 1) {
          const list = postings[f];
          if (!list) continue;
          const weight = FIELD_WEIGHTS[f]! * quality;
          for (let i = 0; i < list.length; i += 1) {
            const slot = list[i]!;
            if (ids[slot] === undefined) continue;
            if (stamp[slot] !== generation) {
              stamp[slot] = generation;
              best[slot] = weight;
              touched.push(slot);
            } else if (weight > best[slot]!) best[slot] = weight;
          }
        }
      }
      if (w === 0) {
        for (const slot of touched) total[slot] = best[slot]!;
        matched = touched;
      } else {
        const still: number[] = [];
        for (const slot of matched) {
          if (stamp[slot] !== generation) continue;
          total[slot] = total[slot]! + best[slot]!;
          still.push(slot);
        }
        matched = still;
      }
      if (matched.length === 0) return { ids: [], total: 0 };
    }
    const { createdAt } = this;
    const byRelevance = (a: number, b: number) =>
      total[b]! - total[a]! || createdAt[b]! - createdAt[a]! || (ids[a]! < ids[b]! ? 1 : -1);
    const { items } = this;
    const kept = keep ? matched.filter((slot) => keep(items[slot] as T)) : matched;
    return {
      ids: firstInOrder(kept, offset + limit, byRelevance)
        .slice(offset)
        .map((slot) => ids[slot]!),
      total: kept.length,
    };
  }
}

/**
 * The first `count` items in order, without sorting the rest: a bounded insertion into a sorted
 * head, which costs little more than one pass when the page is small beside the matches.
 */
function firstInOrder(items: number[], count: number, order: (a: number, b: number) => number): number[] {
  if (count <= 0) return [];
  if (count >= items.length / 4) return items.sort(order).slice(0, count);
  const head: number[] = [];
  for (const item of items) {
    if (head.length === count && order(item, head[count - 1]!) >= 0) continue;
    let lo = 0;
    let hi = head.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (order(head[mid]!, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    head.splice(lo, 0, item);
    if (head.length > count) head.pop();
  }
  return head;
}
