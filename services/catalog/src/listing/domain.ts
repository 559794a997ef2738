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

const levelPasses = (course: ListedCourse, filters: Filters) =>
  !filters.levels || filters.levels.length === 0 || filters.levels.includes(course.difficulity as Difficulty);

const ratingPasses = (course: ListedCourse, filters: Filters) =>
  filters.minRating === undefined || course.ratingAverage >= filters.minRating;

const pricePasses = (course: ListedCourse, filters: Filters) =>
  (filters.minPricePaise === undefined || course.pricePaise >= filters.minPricePaise) &&
  (filters.maxPricePaise === undefined || course.pricePaise <= filters.maxPricePaise) &&
  (!filters.free || course.pricePaise === 0);

/** Whether a course stays in a list narrowed by the filters. */
export const passes = (course: ListedCourse, filters: Filters) =>
  levelPasses(course, filters) && ratingPasses(course, filters) && pricePasses(course, filters);

export const noFacets = (): Facets => ({
  level: Object.fromEntries(LEVELS.map((level) => [level, 0])) as Record<Difficulty, number>,
  rating: { '4': 0, '3': 0 },
  price: { free: 0, under500: 0, '500to1000': 0, over1000: 0 },
});

/**
 * Counts one course into the facets. Each filter's counts leave that filter itself out (the
 * others still apply), so a count says what choosing that option would show: picking
 * "intermediate" beside "beginner" adds its count rather than showing zero.
 */
export function countInto(facets: Facets, course: ListedCourse, filters: Filters): void {
  const level = levelPasses(course, filters);
  const rating = ratingPasses(course, filters);
  const price = pricePasses(course, filters);
  if (rating && price && course.difficulity in facets.level) {
    facets.level[course.difficulity as Difficulty] += 1;
  }
  if (level && price) {
    for (const step of RATING_STEPS) if (course.ratingAverage >= step) facets.rating[step] += 1;
  }
  if (level && rating) facets.price[priceBand(course.pricePaise)] += 1;
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

/** Whether any filter narrows the list. */
export const narrows = (filters: Filters) =>
  (filters.levels?.length ?? 0) > 0 ||
  filters.minRating !== undefined ||
  filters.minPricePaise !== undefined ||
  filters.maxPricePaise !== undefined ||
  filters.free === true;
