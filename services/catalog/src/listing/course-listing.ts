/**
 * The catalog's listing and search read model: every listed course as a card, ordered for the
 * lists the site shows (newest, by category, by tutor, loved by students) and indexed for search.
 * It lives in the process, so a list or a search never asks the database to sort or filter a large
 * collection (the embedded database scans for both). It is loaded from the database at start and
 * kept current by the catalog's own writes and events; `CourseListing` is the seam where an
 * external search engine can take its place (ADR 6).
 */
import MiniSearch from 'minisearch';

/** What a card and the lists need of a course. */
export interface ListedCourse {
  _id: string;
  title: string;
  category: string;
  categoryKey: string;
  /**
   * The start of the description: its words are searchable, ranked below the title's. Given to
   * `put` for the search index only; the card the listing keeps and returns does not hold it.
   */
  descWords?: string;
  thumbnailKey: string;
  pricePaise: number;
  difficulity: string;
  /** The newest ratings, at most 10, newest first (a card shows them as `reviews`). */
  ratings: number[];
  ratingAverage: number;
  ratingCount: number;
  enrolledCount: number;
  tutorId: string;
  tutorUsername: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

export interface ListedTutor {
  _id: string;
  username: string;
  avatar: string;
  desc: string;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface PageRequest {
  /** 1-based. */
  page: number;
  limit: number;
}

export interface CourseListing {
  /** Adds or replaces a course; a course that is not listed any more is removed instead. */
  put(course: ListedCourse): void;
  remove(courseId: string): void;
  get(courseId: string): ListedCourse | undefined;
  newest(request: PageRequest & { categoryKey?: string; tutorId?: string }): Page<ListedCourse>;
  /** Most enrolled first, then best rated, then newest. */
  loved(limit: number): ListedCourse[];
  /** Relevance first (title words above tutor, category and description words), then newest. */
  search(text: string, request: PageRequest): Page<ListedCourse>;
  putTutor(tutor: ListedTutor): void;
  removeTutor(tutorId: string): void;
  /**
   * The account is deleted, for good: its tutor entry and courses leave, and later `put`s of its
   * courses or profile are ignored (an event about one of its courses that arrives after the
   * deletion, re-read from a database the deletion has not reached yet, must not bring it back).
   */
  deleteTutor(tutorId: string): void;
  /** Tutors whose username contains the text (case- and accent-insensitive), by username. */
  searchTutors(text: string, limit: number): ListedTutor[];
  /** The tutor with this username, compared in lower case. */
  tutorByUsername(usernameKey: string): ListedTutor | undefined;
  readonly size: number;
}

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
 * costs a posting per course (a large share of the index at 100k courses) and finds everything.
 * A query drops them too: "python for data" looks for "python" and "data".
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

/** Newest first; the id breaks ties so every order is total and pages never overlap. */
function newerFirst(a: ListedCourse, b: ListedCourse): number {
  return b.createdAt - a.createdAt || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);
}

function lovedFirst(a: ListedCourse, b: ListedCourse): number {
  return b.enrolledCount - a.enrolledCount || b.ratingAverage - a.ratingAverage || newerFirst(a, b);
}

/** A list kept in newest-first order, changed by binary search rather than re-sorting. */
class NewestList {
  readonly items: ListedCourse[] = [];

  private indexOf(course: ListedCourse): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (newerFirst(this.items[mid]!, course) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(course: ListedCourse): void {
    this.items.splice(this.indexOf(course), 0, course);
  }

  delete(course: ListedCourse): void {
    const at = this.indexOf(course);
    if (this.items[at]?._id === course._id) this.items.splice(at, 1);
  }
}

function pageOf<T>(items: T[], { page, limit }: PageRequest): Page<T> {
  const start = (page - 1) * limit;
  return { items: items.slice(start, start + limit), total: items.length };
}

const DESC_WORDS = 1_000;

/** The description text the index keeps: enough to find a course by what it teaches. */
export const descWordsOf = (desc: string) => desc.slice(0, DESC_WORDS);

interface SearchDoc {
  id: string;
  title: string;
  tutor: string;
  category: string;
  desc: string;
}

/**
 * `deletedTutors` outlives one listing: a reload builds a new one that must still refuse them.
 */
export function createCourseListing(opts: { deletedTutors?: Set<string> } = {}): CourseListing {
  const deletedTutors = opts.deletedTutors ?? new Set<string>();
  const byId = new Map<string, ListedCourse>();
  const newest = new NewestList();
  const byCategory = new Map<string, NewestList>();
  const byTutor = new Map<string, NewestList>();
  const tutors = new Map<string, ListedTutor & { key: string }>();
  const tutorIdByUsername = new Map<string, string>();
  let lovedCache: { limit: number; items: ListedCourse[] } | null = null;

  const index = new MiniSearch<SearchDoc>({
    fields: ['title', 'tutor', 'category', 'desc'],
    storeFields: [],
    tokenize: (text) => text.split(WORD_SEPARATOR),
    processTerm: (term) => {
      const folded = foldText(term);
      return folded === '' || STOP_WORDS.has(folded) ? null : folded;
    },
    searchOptions: {
      boost: { title: 6, tutor: 3, category: 2, desc: 1 },
      // A word of one or two letters ("c", "go") is matched whole: as a prefix it would match
      // a large share of every word in the catalogue, and rank them all.
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      combineWith: 'AND',
    },
  });

  const listIn = (lists: Map<string, NewestList>, key: string) => {
    let list = lists.get(key);
    if (!list) {
      list = new NewestList();
      lists.set(key, list);
    }
    return list;
  };

  function unlink(course: ListedCourse): void {
    newest.delete(course);
    byCategory.get(course.categoryKey)?.delete(course);
    byTutor.get(course.tutorId)?.delete(course);
    index.discard(course._id);
    byId.delete(course._id);
  }

  return {
    put(listed) {
      const before = byId.get(listed._id);
      if (before) unlink(before);
      if (deletedTutors.has(listed.tutorId)) {
        lovedCache = null;
        return;
      }
      // At 100k courses the description text would be a fifth of the catalog's memory.
      const { descWords, ...course } = listed;
      byId.set(course._id, course);
      newest.insert(course);
      listIn(byCategory, course.categoryKey).insert(course);
      listIn(byTutor, course.tutorId).insert(course);
      index.add({
        id: course._id,
        title: course.title,
        tutor: course.tutorUsername,
        category: course.category,
        desc: descWords ?? '',
      });
      lovedCache = null;
    },

    remove(courseId) {
      const before = byId.get(courseId);
      if (!before) return;
      unlink(before);
      lovedCache = null;
    },

    get: (courseId) => byId.get(courseId),

    newest(request) {
      const list =
        request.categoryKey !== undefined
          ? byCategory.get(request.categoryKey)
          : request.tutorId !== undefined
            ? byTutor.get(request.tutorId)
            : newest;
      return pageOf(list?.items ?? [], request);
    },

    loved(limit) {
      if (lovedCache && lovedCache.limit >= limit) return lovedCache.items.slice(0, limit);
      // One pass keeping the best `limit`: cheaper than sorting every course, and only redone
      // after a change.
      const best: ListedCourse[] = [];
      for (const course of newest.items) {
        if (best.length === limit && lovedFirst(course, best[limit - 1]!) >= 0) continue;
        let at = best.length;
        while (at > 0 && lovedFirst(course, best[at - 1]!) < 0) at -= 1;
        best.splice(at, 0, course);
        if (best.length > limit) best.pop();
      }
      lovedCache = { limit, items: best };
      return best.slice(0, limit);
    },

    search(text, request) {
      if (words(text).length === 0) return { items: [], total: 0 };
      // Every word must match (each as a prefix, or with a typo when long enough): a query that
      // names something the catalogue does not have finds nothing rather than whatever shares
      // one common word with it.
      const hits = index.search(text);
      const found = hits.flatMap((hit) => {
        const course = byId.get(hit.id as string);
        return course ? [{ course, score: hit.score }] : [];
      });
      found.sort((a, b) => b.score - a.score || newerFirst(a.course, b.course));
      return pageOf(
        found.map((f) => f.course),
        request,
      );
    },

    putTutor(tutor) {
      if (deletedTutors.has(tutor._id)) return;
      const before = tutors.get(tutor._id);
      if (before) tutorIdByUsername.delete(before.username.toLowerCase());
      tutors.set(tutor._id, { ...tutor, key: foldText(tutor.username) });
      tutorIdByUsername.set(tutor.username.toLowerCase(), tutor._id);
    },

    removeTutor(tutorId) {
      const before = tutors.get(tutorId);
      if (before) tutorIdByUsername.delete(before.username.toLowerCase());
      tutors.delete(tutorId);
    },

    deleteTutor(tutorId) {
      deletedTutors.add(tutorId);
      this.removeTutor(tutorId);
      for (const course of [...(byTutor.get(tutorId)?.items ?? [])]) this.remove(course._id);
    },

    tutorByUsername(usernameKey) {
      const id = tutorIdByUsername.get(usernameKey);
      const tutor = id === undefined ? undefined : tutors.get(id);
      if (!tutor) return undefined;
      const { key: _key, ...profile } = tutor;
      return profile;
    },

    searchTutors(text, limit) {
      const key = foldText(text.trim());
      if (key === '') return [];
      const found: Array<ListedTutor & { key: string }> = [];
      for (const tutor of tutors.values()) if (tutor.key.includes(key)) found.push(tutor);
      found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      return found.slice(0, limit).map(({ key: _key, ...tutor }) => tutor);
    },

    get size() {
      return byId.size;
    },
  };
}
