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
    const levelAt = LEVEL_INDEX.get(course.difficulity) ?? -1;
    const level = this.levelWanted === null || (levelAt >= 0 && this.levelWanted[levelAt] === true);
    const rating = course.ratingAverage >= this.minRating;
    const price = course.pricePaise >= this.minPrice && course.pricePaise <= this.maxPrice;
    if (rating && price && levelAt >= 0) this.levels[levelAt]! += 1;
    if (level && price) {
      for (let i = 0; i < RATING_STEPS.length; i += 1) {
        if (course.ratingAverage >= RATING_STEPS[i]!) this.ratings[i]! += 1;
      }
    }
    if (level && rating) this.prices[BAND_INDEX.get(priceBand(course.pricePaise))!]! += 1;
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

/** A tutor's totals from their listed courses (each course's average weighted by its ratings). */
export function tutorTotals(courses: readonly ListedCourse[]): TutorTotals {
  let students = 0;
  let ratingCount = 0;
  let ratingSum = 0;
  for (const course of courses) {
    students += course.enrolledCount;
    ratingCount += course.ratingCount;
    ratingSum += course.ratingAverage * course.ratingCount;
  }
  const ratingAverage = ratingCount > 0 ? Math.round((ratingSum / ratingCount) * 10) / 10 : 0;
  return { courses: courses.length, students, ratingAverage, ratingCount };
}
