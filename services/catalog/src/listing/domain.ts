/**
 * How a list of courses is narrowed, ordered and counted for the lists' filters: the rules alone,
 * over the cards the listing keeps (course-listing.ts applies them and caches the answers).
 */
import { DIFFICULTIES, type Difficulty } from '../courses/domain.ts';
import type { ListedCourse } from './course-listing.ts';

export const SORTS = ['newest', 'rating', 'popular', 'price-asc', 'price-desc'] as const;
/** A list's order; search also has `relevance`, its default. */
export type Sort = (typeof SORTS)[number] | 'relevance';

export const LEVELS = DIFFICULTIES;
/** The rating thresholds the filter offers ("4 stars and up", "3 stars and up"). */
export const RATING_STEPS = [4, 3] as const;
/** The price bands the filter counts, in rupees. */
export const PRICE_BANDS = ['free', 'under500', '500to1000', 'over1000'] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];

/** What a visitor narrowed a list to; absent fields narrow nothing. Prices in paise. */
export interface Filters {
  levels?: readonly Difficulty[];
  minRating?: number;
  minPricePaise?: number;
  maxPricePaise?: number;
  free?: boolean;
}

/** How many of the current list each choice of each filter would leave. */
export interface Facets {
  level: Record<Difficulty, number>;
  rating: Record<'4' | '3', number>;
  price: Record<PriceBand, number>;
}

export function priceBand(pricePaise: number): PriceBand {
  if (pricePaise === 0) return 'free';
  if (pricePaise < 500_00) return 'under500';
  if (pricePaise <= 1_000_00) return '500to1000';
  return 'over1000';
}

export const noFacets = (): Facets => ({
  level: Object.fromEntries(LEVELS.map((level) => [level, 0])) as Record<Difficulty, number>,
  rating: { '4': 0, '3': 0 },
  price: { free: 0, under500: 0, '500to1000': 0, over1000: 0 },
});

const LEVEL_INDEX = new Map<string, number>(LEVELS.map((level, i) => [level, i]));
const BAND_INDEX = new Map<PriceBand, number>(PRICE_BANDS.map((band, i) => [band, i]));

/**
 * What the listing keeps of a course: its card, and the numbers its lists are narrowed by,
 * worked out once when it is put, so that narrowing 100k courses reads numbers rather than
 * looking up level names and price bands per course.
 */
export interface KeptCourse extends ListedCourse {
  levelAt: number;
  bandAt: number;
  /** The listing's numbers for its category and its tutor (`groupAt`). */
  categoryAt: number;
  tutorAt: number;
  /** Replaced by a newer copy or removed: lists sorted before drop it. */
  gone: boolean;
  /** The last search that matched it (a number per search), so a list is narrowed without a set. */
  matchedBy: number;
}

/**
 * Every field written out, in one order: 100k objects of one shape keep property reads in the
 * narrowing loop fast (copies made by spreading can end up as slow dictionary objects).
 */
export function keptCourse(
  course: Omit<ListedCourse, 'descWords'>,
  groupAt: (key: string) => number,
): KeptCourse {
  return {
    _id: course._id,
    title: course.title,
    category: course.category,
    categoryKey: course.categoryKey,
    thumbnailKey: course.thumbnailKey,
    pricePaise: course.pricePaise,
    difficulity: course.difficulity,
    ratings: course.ratings,
    ratingAverage: course.ratingAverage,
    ratingCount: course.ratingCount,
    enrolledCount: course.enrolledCount,
    tutorId: course.tutorId,
    tutorUsername: course.tutorUsername,
    createdAt: course.createdAt,
    levelAt: LEVEL_INDEX.get(course.difficulity) ?? -1,
    bandAt: BAND_INDEX.get(priceBand(course.pricePaise))!,
    categoryAt: groupAt(`category:${course.categoryKey}`),
    tutorAt: groupAt(`tutor:${course.tutorId}`),
    gone: false,
    matchedBy: 0,
  };
}

/**
 * A list's courses as columns of numbers, in the list's order: narrowing 100k courses reads
 * these (contiguous) rather than 100k objects spread over the heap.
 */
export class FilterColumns {
  readonly level: Int8Array;
  readonly band: Int8Array;
  readonly rating: Float64Array;
  readonly price: Float64Array;
  readonly category: Int32Array;
  readonly tutor: Int32Array;

  constructor(readonly items: readonly KeptCourse[]) {
    const n = items.length;
    this.level = new Int8Array(n);
    this.band = new Int8Array(n);
    this.rating = new Float64Array(n);
    this.price = new Float64Array(n);
    this.category = new Int32Array(n);
    this.tutor = new Int32Array(n);
    for (let i = 0; i < n; i += 1) {
      const course = items[i]!;
      this.level[i] = course.levelAt;
      this.band[i] = course.bandAt;
      this.rating[i] = course.ratingAverage;
      this.price[i] = course.pricePaise;
      this.category[i] = course.categoryAt;
      this.tutor[i] = course.tutorAt;
    }
  }
}

/**
 * Narrows a list and counts its filters' choices, one call per course (a list of 100k courses is
 * narrowed with it, so it keeps its counts in arrays). Each filter's counts leave that filter out
 * (the others still apply), so a count says what choosing that option would show: picking
 * "intermediate" beside "beginner" adds its count rather than showing zero.
 */
export class FacetCounter {
  private readonly levels = new Int32Array(LEVELS.length);
  private readonly prices = new Int32Array(PRICE_BANDS.length);
  private readonly ratings = new Int32Array(RATING_STEPS.length);
  private readonly levelWanted: boolean[] | null;
  private readonly minRating: number;
  private readonly minPrice: number;
  private readonly maxPrice: number;

  constructor(filters: Filters) {
    const levels = filters.levels ?? [];
    this.levelWanted = levels.length === 0 ? null : LEVELS.map((level) => levels.includes(level));
    this.minRating = filters.minRating ?? Number.NEGATIVE_INFINITY;
    this.minPrice = filters.free ? 0 : (filters.minPricePaise ?? Number.NEGATIVE_INFINITY);
    this.maxPrice = filters.free ? 0 : (filters.maxPricePaise ?? Number.POSITIVE_INFINITY);
    if (filters.free && filters.minPricePaise !== undefined && filters.minPricePaise > 0) this.minPrice = 1;
    if (filters.free && filters.maxPricePaise !== undefined && filters.maxPricePaise < 0) this.maxPrice = -1;
  }

  /** Counts the course and answers whether it stays in the narrowed list. */
  count(course: ListedCourse): boolean {
    return this.tally(
      LEVEL_INDEX.get(course.difficulity) ?? -1,
      course.ratingAverage,
      course.pricePaise,
      BAND_INDEX.get(priceBand(course.pricePaise))!,
    );
  }

  /** `count` for the course at `at` of a list's columns. */
  countAt(columns: FilterColumns, at: number): boolean {
    return this.tally(columns.level[at]!, columns.rating[at]!, columns.price[at]!, columns.band[at]!);
  }

  /** `count` for a course the listing keeps, from its numbers. */
  countKept(course: KeptCourse): boolean {
    return this.tally(course.levelAt, course.ratingAverage, course.pricePaise, course.bandAt);
  }

  private tally(levelAt: number, ratingAverage: number, pricePaise: number, bandAt: number): boolean {
    const level = this.levelWanted === null || (levelAt >= 0 && this.levelWanted[levelAt] === true);
    const rating = ratingAverage >= this.minRating;
    const price = pricePaise >= this.minPrice && pricePaise <= this.maxPrice;
    if (rating && price && levelAt >= 0) this.levels[levelAt]! += 1;
    if (level && price) {
      for (let i = 0; i < RATING_STEPS.length; i += 1) {
        if (ratingAverage >= RATING_STEPS[i]!) this.ratings[i]! += 1;
      }
    }
    if (level && rating) this.prices[bandAt]! += 1;
    return level && rating && price;
  }

  facets(): Facets {
    const facets = noFacets();
    LEVELS.forEach((level, i) => {
      facets.level[level] = this.levels[i]!;
    });
    RATING_STEPS.forEach((step, i) => {
      facets.rating[step] = this.ratings[i]!;
    });
    PRICE_BANDS.forEach((band, i) => {
      facets.price[band] = this.prices[i]!;
    });
    return facets;
  }
}

/** Newest first; the id breaks ties so every order is total and pages never overlap. */
export function newerFirst(a: ListedCourse, b: ListedCourse): number {
  return b.createdAt - a.createdAt || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);
}

/** The orders of a list other than relevance; each falls back to newest first. */
export const ORDERS: Record<(typeof SORTS)[number], (a: ListedCourse, b: ListedCourse) => number> = {
  newest: newerFirst,
  rating: (a, b) => b.ratingAverage - a.ratingAverage || b.ratingCount - a.ratingCount || newerFirst(a, b),
  popular: (a, b) =>
    b.enrolledCount - a.enrolledCount || b.ratingAverage - a.ratingAverage || newerFirst(a, b),
  'price-asc': (a, b) => a.pricePaise - b.pricePaise || newerFirst(a, b),
  'price-desc': (a, b) => b.pricePaise - a.pricePaise || newerFirst(a, b),
};

/** What a tutor's listed courses add up to, as their course pages show it. */
export interface TutorTotals {
  courses: number;
  students: number;
  /** The average of every rating of every course, to one decimal; 0 with none. */
  ratingAverage: number;
  ratingCount: number;
}

/** A course's own figures, as read fresher than the listing has them. */
export type CourseFigures = Pick<ListedCourse, '_id' | 'enrolledCount' | 'ratingAverage' | 'ratingCount'>;

/**
 * A tutor's totals from their listed courses (each course's average weighted by its ratings).
 * `fresher` stands in for its listed course, so a course page's instructor adds up with the page's
 * own counts while the listing still waits for the event that brings them.
 */
export function tutorTotals(courses: readonly ListedCourse[], fresher?: CourseFigures): TutorTotals {
  let students = 0;
  let ratingCount = 0;
  let ratingSum = 0;
  for (const listed of courses) {
    const course = fresher && listed._id === fresher._id ? fresher : listed;
    students += course.enrolledCount;
    ratingCount += course.ratingCount;
    ratingSum += course.ratingAverage * course.ratingCount;
  }
  const ratingAverage = ratingCount > 0 ? Math.round((ratingSum / ratingCount) * 10) / 10 : 0;
  return { courses: courses.length, students, ratingAverage, ratingCount };
}
