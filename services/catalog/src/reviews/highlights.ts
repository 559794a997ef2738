import { storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import { REVIEWS } from './store.ts';

const TOP_REVIEWS = 'top-reviews';
const KEPT = 40;

export interface HighlightedReview {
  courseId: string;
  userId: string;
  rating: number;
  comment: string;
  createdAt: Date;
}

interface HighlightsDoc {
  _id: string;
  reviews: HighlightedReview[];
}

/**
 * The home page's best reviews, kept as one small document instead of sorting every review row
 * on each visit: each review write pushes itself in, sorted and cut to the best `KEPT`, by one
 * atomic update. More are kept than the page shows so that reviews of courses that left the
 * listing can be skipped at read time.
 */
export const HIGHLIGHTS = storedCollection<HighlightsDoc>('highlights');
const best = { $sort: { rating: -1, createdAt: -1 }, $slice: KEPT } as const;

/** A review was written: it replaces the student's earlier one of the course among the best. */
export async function highlightReview(db: Db, review: HighlightedReview): Promise<void> {
  await HIGHLIGHTS.in(db).updateOne(
    { _id: TOP_REVIEWS },
    { $pull: { reviews: { courseId: review.courseId, userId: review.userId } } },
  );
  await HIGHLIGHTS.in(db).updateOne(
    { _id: TOP_REVIEWS },
    { $push: { reviews: { $each: [review], ...best } } },
    { upsert: true },
  );
}

/** The best reviews, best first and newest first among equals, one per student and course. */
export async function topReviews(db: Db, count: number, keep: (courseId: string) => boolean) {
  const doc = await HIGHLIGHTS.in(db).findOne({ _id: TOP_REVIEWS });
  const seen = new Set<string>();
  const out: HighlightedReview[] = [];
  for (const review of doc?.reviews ?? []) {
    const key = `${review.courseId}:${review.userId}`;
    if (seen.has(key) || !keep(review.courseId)) continue;
    seen.add(key);
    out.push(review);
    if (out.length === count) break;
  }
  return out;
}

/** Builds the document from the review rows once, for data written before it existed. */
export async function ensureHighlights(db: Db): Promise<void> {
  if (await HIGHLIGHTS.in(db).findOne({ _id: TOP_REVIEWS }, { projection: { _id: 1 } })) return;
  const rows = await REVIEWS.in(db)
    .find({ listed: true })
    .sort({ rating: -1, createdAt: -1 })
    .limit(KEPT)
    .toArray();
  const reviews = rows.map((r) => ({
    courseId: r.courseId,
    userId: r.userId,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt,
  }));
  try {
    await HIGHLIGHTS.in(db).insertOne({ _id: TOP_REVIEWS, reviews });
  } catch {
    // another replica built it first
  }
}
