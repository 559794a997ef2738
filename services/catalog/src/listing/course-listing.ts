/**
 * The catalog's listing and search read model: every listed course as a card, ordered for the
 * lists the site shows (newest, by category, by tutor, loved by students) and indexed for search.
 * It lives in the process, so a list or a search never asks the database to sort or filter a large
 * collection (the embedded database scans for both). It is loaded from the database at start and
 * kept current by the catalog's own writes and events; `CourseListing` is the seam where an
 * external search engine can take its place (ADR 6).
 */
import {
  type CourseFigures,
  FacetCounter,
  type Facets,
  FilterColumns,
  type Filters,
  type KeptCourse,
  keptCourse,
  newerFirst,
  ORDERS,
  SORTS,
  type Sort,
  type TutorTotals,
  tutorTotals,
} from './domain.ts';
import { foldText, SearchIndex } from './search-index.ts';

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

/** A list as a visitor narrows and orders it: a category's, a tutor's, a search's or all. */
export interface BrowseRequest extends PageRequest {
  categoryKey?: string;
  tutorId?: string;
  /** Words searched for; with them the default order is relevance. */
  text?: string;
  sort: Sort;
  filters: Filters;
}

export interface CourseListing {
  /** Adds or replaces a course; a course that is not listed any more is removed instead. */
  put(course: ListedCourse): void;
  /** `put` for many courses at once: what a load from the database calls, in batches. */
  putAll(courses: Iterable<ListedCourse>): void;
  remove(courseId: string): void;
  get(courseId: string): ListedCourse | undefined;
  newest(request: PageRequest & { categoryKey?: string; tutorId?: string }): Page<ListedCourse>;
  /** Most enrolled first, then best rated, then newest. */
  loved(limit: number): ListedCourse[];
  /** Relevance first (title words above tutor, category and description words), then newest. */
  search(text: string, request: PageRequest): Page<ListedCourse>;
  /** A page of a list narrowed by filters in the order asked, with the filters' counts. */
  browse(request: BrowseRequest): Page<ListedCourse> & { facets: Facets };
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
  /** A tutor's profile (if known) and what their listed courses add up to; `fresher` replaces that listed course's figures in them. */
  tutor(tutorId: string, fresher?: CourseFigures): { profile?: ListedTutor; totals: TutorTotals };
  /** The usernames of the tutors with a listed course, in order. */
  teaching(): string[];
  readonly size: number;
}

export { foldText, words } from './search-index.ts';

function lovedFirst(a: ListedCourse, b: ListedCourse): number {
  return b.enrolledCount - a.enrolledCount || b.ratingAverage - a.ratingAverage || newerFirst(a, b);
}

/** A list kept in newest-first order, changed by binary search rather than re-sorting. */
class NewestList {
  readonly items: KeptCourse[] = [];

  private indexOf(course: KeptCourse): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (newerFirst(this.items[mid]!, course) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(course: KeptCourse): void {
    this.items.splice(this.indexOf(course), 0, course);
  }

  /** Adds without keeping the order, for a load that calls `sort` once at the end. */
  append(course: KeptCourse): void {
    this.items.push(course);
  }

  sort(): void {
    this.items.sort(newerFirst);
  }

  delete(course: KeptCourse): void {
    const at = this.indexOf(course);
    if (this.items[at]?._id === course._id) this.items.splice(at, 1);
  }
}

function pageOf<T>(items: T[], { page, limit }: PageRequest): Page<T> {
  const start = (page - 1) * limit;
  return { items: items.slice(start, start + limit), total: items.length };
}

const DESC_WORDS = 1_000;
/** Browsed lists kept between changes of the listing (each key a list, its filters and order). */
const BROWSED_KEPT = 256;

/** What a search's words matched: the courses, each marked with the search's number. */
interface Matches {
  stamp: number;
  found: KeptCourse[];
}

/**
 * A narrowed list: the courses themselves when a search put a few of them in order, else the
 * positions of those kept in the list they were read from. Positions are numbers outside the
 * JavaScript heap, so the lists kept between changes (a hundred thousand courses each, at most)
 * are neither scanned nor moved by the garbage collector, and a pause never grows with them.
 */
type Narrowed = KeptCourse[] | { base: readonly KeptCourse[]; at: Int32Array };

interface Browsed {
  version: number;
  ordered: Narrowed;
  facets: Facets;
}

function narrowedPage(ordered: Narrowed, request: PageRequest): Page<KeptCourse> {
  if (Array.isArray(ordered)) return pageOf(ordered, request);
  const start = (request.page - 1) * request.limit;
  const items = Array.from(ordered.at.subarray(start, start + request.limit), (at) => ordered.base[at]!);
  return { items, total: ordered.at.length };
}

/** The description text the index keeps: enough to find a course by what it teaches. */
export const descWordsOf = (desc: string) => desc.slice(0, DESC_WORDS);

/**
 * `deletedTutors` outlives one listing: a reload builds a new one that must still refuse them.
 */
export function createCourseListing(opts: { deletedTutors?: Set<string> } = {}): CourseListing {
  const deletedTutors = opts.deletedTutors ?? new Set<string>();
  const byId = new Map<string, KeptCourse>();
  const newest = new NewestList();
  const byCategory = new Map<string, NewestList>();
  const byTutor = new Map<string, NewestList>();
  const tutors = new Map<string, ListedTutor & { key: string }>();
  const tutorIdByUsername = new Map<string, string>();
  let lovedCache: { limit: number; items: ListedCourse[] } | null = null;
  let bulk = false;
  /** Bumped by every change of a course, so lists ordered or counted before it are made again. */
  let version = 0;
  const sortedAll = new Map<Sort, { version: number; items: KeptCourse[] }>();
  const browsed = new Map<string, Browsed>();

  const index = new SearchIndex<KeptCourse>();

  const listIn = (lists: Map<string, NewestList>, key: string) => {
    let list = lists.get(key);
    if (!list) {
      list = new NewestList();
      lists.set(key, list);
    }
    return list;
  };

  function unlink(course: KeptCourse): void {
    course.gone = true;
    newest.delete(course);
    byCategory.get(course.categoryKey)?.delete(course);
    byTutor.get(course.tutorId)?.delete(course);
    byId.delete(course._id);
  }

  /**
   * Courses put since a version, oldest first, so that a list sorted before a change takes in the
   * new copies instead of being made again; bounded, past which a list is made from scratch.
   */
  const putSince: Array<{ version: number; course: KeptCourse }> = [];
  /** The log holds every course put after this version. */
  let putLogFrom = 0;
  const PUT_LOG_KEPT = 10_000;

  /**
   * Every listed course in the order asked (relevance aside), sorted again after a change. The
   * list sorted before is the start: a change moves a course or two, and the sort (a merge sort
   * that finds runs already in order) then takes about one pass instead of a full sort.
   */
  function allIn(sort: Exclude<Sort, 'relevance'>): KeptCourse[] {
    if (sort === 'newest') return newest.items;
    const kept = sortedAll.get(sort);
    if (kept?.version === version) return kept.items;
    let items: KeptCourse[];
    if (kept && kept.version >= putLogFrom) {
      items = kept.items.filter((course) => !course.gone);
      for (const entry of putSince) {
        if (entry.version > kept.version && !entry.course.gone) items.push(entry.course);
      }
    } else {
      items = [...newest.items];
    }
    items.sort(ORDERS[sort]);
    sortedAll.set(sort, { version, items });
    return items;
  }

  /** Numbers for category and tutor keys (`category:<key>`, `tutor:<id>`), for the columns. */
  const groups = new Map<string, number>();
  const groupAt = (key: string) => {
    let at = groups.get(key);
    if (at === undefined) {
      at = groups.size;
      groups.set(key, at);
    }
    return at;
  };
  const columnsKept = new WeakMap<readonly KeptCourse[], { version: number; columns: FilterColumns }>();
  /** A list's columns, made again after a change of the listing. */
  function columnsOf(items: readonly KeptCourse[]): FilterColumns {
    const kept = columnsKept.get(items);
    if (kept?.version === version && kept.columns.items.length === items.length) return kept.columns;
    const columns = new FilterColumns(items);
    columnsKept.set(items, { version, columns });
    return columns;
  }

  /** Numbers the searches of `browse`: a course matched by the current one carries its number. */
  let searchCount = 0;
  /** The courses a search's words match, each marked with the search's number. */
  function matchesOf(text: string): Matches {
    searchCount += 1;
    const stamp = searchCount;
    const found: KeptCourse[] = [];
    index.searchNarrowed(text, 0, 0, (course) => {
      course.matchedBy = stamp;
      found.push(course);
      return false;
    });
    return { stamp, found };
  }

  /** Where a scan of a list writes the positions it keeps, before they are copied out. */
  let scratch = new Int32Array(0);

  /** The whole narrowed list in order, and its counts, for a browse request (pages aside). */
  function narrowed(request: BrowseRequest, matched: Matches | null): Omit<Browsed, 'version'> {
    const { categoryKey, tutorId, filters } = request;
    const sort = request.sort === 'relevance' ? 'newest' : request.sort;
    const counter = new FacetCounter(filters);
    const ordered: KeptCourse[] = [];
    if (matched !== null && matched.found.length < byId.size / 8) {
      // A search matched few courses: those the filters keep, put in the order asked, without
      // reading the rest (every match is counted; only what is kept is sorted).
      for (const course of matched.found) {
        if (categoryKey !== undefined && course.categoryKey !== categoryKey) continue;
        if (tutorId !== undefined && course.tutorId !== tutorId) continue;
        if (counter.countKept(course)) ordered.push(course);
      }
      return { ordered: ordered.sort(ORDERS[sort]), facets: counter.facets() };
    }
    const base =
      sort === 'newest' && matched === null
        ? ((categoryKey !== undefined
            ? byCategory.get(categoryKey)?.items
            : tutorId !== undefined
              ? byTutor.get(tutorId)?.items
              : newest.items) ?? [])
        : allIn(sort);
    const columns = columnsOf(base);
    // A key no course has matches nothing (and is not given a number: requests name any key).
    const category = categoryKey === undefined ? -1 : (groups.get(`category:${categoryKey}`) ?? -2);
    const tutor = tutorId === undefined ? -1 : (groups.get(`tutor:${tutorId}`) ?? -2);
    if (category === -2 || tutor === -2) return { ordered, facets: counter.facets() };
    if (scratch.length < base.length) scratch = new Int32Array(base.length);
    let kept = 0;
    for (let at = 0; at < base.length; at += 1) {
      if (category >= 0 && columns.category[at] !== category) continue;
      if (tutor >= 0 && columns.tutor[at] !== tutor) continue;
      if (matched !== null && base[at]!.matchedBy !== matched.stamp) continue;
      if (counter.countAt(columns, at)) scratch[kept++] = at;
    }
    return { ordered: { base, at: scratch.slice(0, kept) }, facets: counter.facets() };
  }

  /** A search in relevance order: only the page is ordered, the counts cover every match. */
  function searchedByRelevance(request: BrowseRequest & { text: string }) {
    const { page, limit, filters } = request;
    const counter = new FacetCounter(filters);
    const found = index.searchNarrowed(request.text, (page - 1) * limit, limit, (course) =>
      counter.countKept(course),
    );
    const items = found.ids.flatMap((id) => {
      const course = byId.get(id);
      return course ? [course] : [];
    });
    return { items, total: found.total, facets: counter.facets() };
  }

  return {
    put(listed) {
      const before = byId.get(listed._id);
      if (before) unlink(before);
      if (deletedTutors.has(listed.tutorId)) {
        index.remove(listed._id);
        lovedCache = null;
        version += 1;
        return;
      }
      // At 100k courses the description text would be a fifth of the catalog's memory.
      const course = keptCourse(listed, groupAt);
      const descWords = listed.descWords;
      byId.set(course._id, course);
      const add = (list: NewestList) => (bulk ? list.append(course) : list.insert(course));
      add(newest);
      add(listIn(byCategory, course.categoryKey));
      add(listIn(byTutor, course.tutorId));
      // An unchanged text (a new enrollment or review) keeps its place in the index.
      index.put(
        course._id,
        {
          title: course.title,
          tutor: course.tutorUsername,
          category: course.category,
          desc: descWords ?? '',
        },
        course.createdAt,
        course,
      );
      lovedCache = null;
      version += 1;
      if (!bulk) {
        putSince.push({ version, course });
        if (putSince.length > PUT_LOG_KEPT) {
          putLogFrom = putSince[putSince.length - PUT_LOG_KEPT - 1]!.version;
          putSince.splice(0, putSince.length - PUT_LOG_KEPT);
        }
      }
    },

    putAll(courses) {
      // One sort per list at the end instead of an ordered insert per course: a load in the
      // database's order would otherwise insert every course at the front of every list.
      bulk = true;
      try {
        for (const course of courses) this.put(course);
      } finally {
        bulk = false;
        for (const list of [newest, ...byCategory.values(), ...byTutor.values()]) list.sort();
        // A load is not in the log: lists sorted before it are made again, now rather than by the
        // first visitor to ask for each order (at 100k courses a sort takes tens of milliseconds).
        putSince.length = 0;
        putLogFrom = version;
        for (const sort of SORTS) columnsOf(allIn(sort));
      }
    },

    remove(courseId) {
      const before = byId.get(courseId);
      if (!before) return;
      unlink(before);
      index.remove(courseId);
      lovedCache = null;
      version += 1;
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

    search(text, { page, limit }) {
      // Every word must match (each as a prefix, or with a typo when long enough): a query that
      // names something the catalogue does not have finds nothing rather than whatever shares
      // one common word with it.
      const found = index.search(text, (page - 1) * limit, limit);
      const items = found.ids.flatMap((id) => {
        const course = byId.get(id);
        return course ? [course] : [];
      });
      return { items, total: found.total };
    },

    browse(request) {
      if (request.text !== undefined && request.sort === 'relevance') {
        return searchedByRelevance({ ...request, text: request.text });
      }
      const key = JSON.stringify([
        request.categoryKey,
        request.tutorId,
        request.text,
        request.sort,
        request.filters,
      ]);
      let answer = browsed.get(key);
      if (answer?.version !== version) {
        const matched = request.text === undefined ? null : matchesOf(request.text);
        answer = { version, ...narrowed(request, matched) };
        browsed.delete(key);
        browsed.set(key, answer);
        if (browsed.size > BROWSED_KEPT) browsed.delete(browsed.keys().next().value as string);
      }
      return { ...narrowedPage(answer.ordered, request), facets: answer.facets };
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

    tutor(tutorId, fresher) {
      const found = tutors.get(tutorId);
      const totals = tutorTotals(byTutor.get(tutorId)?.items ?? [], fresher);
      if (!found) return { totals };
      const { key: _key, ...profile } = found;
      return { profile, totals };
    },

    teaching() {
      const usernames: string[] = [];
      for (const list of byTutor.values()) {
        const username = list.items[0]?.tutorUsername;
        if (username) usernames.push(username);
      }
      return usernames.sort();
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
