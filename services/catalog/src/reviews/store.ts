import { CATALOG_COURSE_REVIEWED } from '@liveedu/contracts';
import { keyedList, newEvent, type Outbox, storedCollection } from '@liveedu/service-kit';
import type { Collection, Db, ObjectId } from 'mongodb';
import { ratingAverage, type StoredReview } from '../courses/domain.ts';
import { COURSES, type CourseDoc } from '../courses/store.ts';

/** How many reviews a course document carries for its page. */
export const LATEST_REVIEWS = 10;

/** One row per (course, student): the review itself, and the source of the course's totals. */
export interface ReviewDoc {
  _id: string;
  courseId: string;
  userId: string;
  rating: number;
  comment: string;
  listed: boolean;
  createdAt: Date;
  /** Bumped by every write of the row (absent on rows written before it was kept). */
  rev?: number;
  /** The course's tutor's answer, shown under the review; a later reply replaces it. */
  reply?: { text: string; at: Date };
}

export const REVIEWS = storedCollection<ReviewDoc>('reviews', [
  { key: { listed: 1, rating: -1, createdAt: -1 }, name: 'listed_best_newest' },
  { key: { courseId: 1 }, name: 'by_course' },
  { key: { userId: 1 }, name: 'by_user' },
]);

export const reviewId = (courseId: string, userId: string) => `${courseId}:${userId}`;

/** A course's review row ids (`courseId:userId`), newest first, read a page at a time by key. */
export const courseReviews = (db: Db) => keyedList(db, 'course_reviews');

/** The star ratings a review can give, most first. */
export const STARS = [5, 4, 3, 2, 1] as const;
export type Stars = (typeof STARS)[number];

/** A course's review row ids of one star rating, newest first, kept under `starsOwner`. */
export const REVIEWS_BY_STARS = 'course_reviews_by_stars';
export const reviewsByStars = (db: Db) => keyedList(db, REVIEWS_BY_STARS);
export const starsOwner = (courseId: string, stars: number) => `${courseId}:${stars}`;

/**
 * Files a review under the stars its row has now, first (it is the newest), and under no other.
 * Two edits by one student may run this in either order, so after filing it reads the row's
 * revision again and files once more when the row has moved on: the last to look leaves the
 * lists agreeing with the row.
 */
export async function fileUnderStars(db: Db, courseId: string, rowId: string): Promise<void> {
  const lists = reviewsByStars(db);
  let row = await REVIEWS.in(db).findOne({ _id: rowId }, { projection: { rating: 1, rev: 1 } });
  for (let attempt = 0; row && attempt < MAX_ENTRY_REPAIRS; attempt += 1) {
    for (const stars of STARS) {
      const owner = starsOwner(courseId, stars);
      await lists.remove(owner, rowId);
      if (stars === row.rating) await lists.add(owner, rowId);
    }
    const now = await REVIEWS.in(db).findOne({ _id: rowId }, { projection: { rating: 1, rev: 1 } });
    if (!now || now.rev === row.rev) return;
    row = now;
  }
}

/** How many of a course's reviews give each number of stars, read from the lists' counts by key. */
export async function starBreakdown(db: Db, courseId: string): Promise<Record<`${Stars}`, number>> {
  const sizes = await reviewsByStars(db).sizes(STARS.map((stars) => starsOwner(courseId, stars)));
  const count = (stars: Stars) => sizes.get(starsOwner(courseId, stars)) ?? 0;
  return { '5': count(5), '4': count(4), '3': count(3), '2': count(2), '1': count(1) };
}

/** Sets the tutor's reply under a review; false when the course has no review by that student. */
export async function replyToReview(
  db: Db,
  review: { courseId: string; reviewerId: string; text: string; at: Date },
): Promise<boolean> {
  const result = await REVIEWS.in(db).updateOne(
    { _id: reviewId(review.courseId, review.reviewerId) },
    { $set: { reply: { text: review.text, at: review.at } } },
  );
  return result.matchedCount === 1;
}

/**
 * Stores a student's review of a course; a second one replaces the first. Every step is one
 * single-document atomic update, so concurrent reviews of a course never undo each other:
 *
 * - the row `courseId:userId` is upserted and its previous state returned with it, which says
 *   whether the review is new (count +1) and by how much the sum moves (new rating minus old);
 *   concurrent writes by one student are ordered by the row, so their differences add up;
 * - the course's `ratingSum`/`ratingCount` take that difference by `$inc`;
 * - `ratingAverage` is then set on condition that the sum and count are still the ones this
 *   write produced. A write that finds them moved leaves the average to the write that moved
 *   them, which sets it for its own totals in the same way, so the last write always sets it.
 *   (The embedded database has no update pipelines, which would compute it in the `$inc`.)
 *   Answers compute the average from sum and count anyway; the stored one serves the sort;
 * - the course's `latestReviews` gets the review in place of the student's earlier one, or
 *   pushed in with `$sort` by date and `$slice`, so it holds the newest `LATEST_REVIEWS`. Two
 *   edits by one student may reach it in the other order than they reached the row, so after
 *   writing its entry each write reads the row's revision (bumped by every write of the row) and,
 *   when the row has moved on, writes the row as it stands instead: the last to look leaves the
 *   entry equal to the row.
 */
export async function saveReview(
  db: Db,
  outbox: Outbox,
  review: {
    courseId: ObjectId;
    userId: string;
    rating: number;
    comment: string;
    listed: boolean;
    at: Date;
    /** The course's title and tutor, which the event carries for those who tell the tutor. */
    course: { title: string; tutorId: string };
  },
): Promise<void> {
  const courseId = review.courseId.toHexString();
  const before = await REVIEWS.in(db).findOneAndUpdate(
    { _id: reviewId(courseId, review.userId) },
    {
      $set: {
        courseId,
        userId: review.userId,
        rating: review.rating,
        comment: review.comment,
        listed: review.listed,
        createdAt: review.at,
      },
      $inc: { rev: 1 },
    },
    { upsert: true, returnDocument: 'before', projection: { rating: 1, rev: 1 } },
  );
  const rev = (before?.rev ?? 0) + 1;

  const totals = await outbox.findOneAndUpdate<CourseDoc>(
    COURSES.collection,
    { _id: review.courseId },
    {
      $inc: { ratingSum: review.rating - (before?.rating ?? 0), ratingCount: before ? 0 : 1 },
      $set: { updatedAt: review.at },
    },
    // Every replica's listing and course page show the new rating (listing/plugin.ts).
    [
      newEvent(CATALOG_COURSE_REVIEWED, {
        courseId,
        userId: review.userId,
        rating: review.rating,
        courseTitle: review.course.title,
        tutorId: review.course.tutorId,
      }),
    ],
    { returnDocument: 'after', projection: { ratingSum: 1, ratingCount: 1 } },
  );
  if (!totals) return;
  await COURSES.in(db).updateOne(
    { _id: review.courseId, ratingSum: totals.ratingSum, ratingCount: totals.ratingCount },
    { $set: { ratingAverage: ratingAverage(totals.ratingSum, totals.ratingCount) } },
  );

  let entry: StoredReview = {
    userId: review.userId,
    rating: review.rating,
    comment: review.comment,
    createdAt: review.at,
    rev,
  };
  for (let attempt = 0; attempt < MAX_ENTRY_REPAIRS; attempt += 1) {
    await showAmongLatest(COURSES.in(db), review.courseId, entry);
    const row = await REVIEWS.in(db).findOne(
      { _id: reviewId(courseId, review.userId) },
      { projection: { rating: 1, comment: 1, createdAt: 1, rev: 1 } },
    );
    if (!row || row.rev === entry.rev) return;
    entry = { ...entry, rating: row.rating, comment: row.comment, createdAt: row.createdAt, rev: row.rev };
  }
}

/** More edits of one review racing than this, and the last of them repairs the entry. */
const MAX_ENTRY_REPAIRS = 5;

/**
 * Puts a review into the course's newest ones, never twice for one student: replace the
 * student's entry if there is one, else push on condition that there is none. If that condition
 * fails, the student's own concurrent review put an entry there in between; replace it.
 */
async function showAmongLatest(courses: Collection<CourseDoc>, _id: ObjectId, entry: StoredReview) {
  const theirs = { _id, 'latestReviews.userId': entry.userId };
  const replace = { $set: { 'latestReviews.$': entry } };
  if ((await courses.updateOne(theirs, replace)).matchedCount > 0) return;
  const pushed = await courses.updateOne(
    { _id, 'latestReviews.userId': { $ne: entry.userId } },
    { $push: { latestReviews: { $each: [entry], $sort: { createdAt: -1 }, $slice: LATEST_REVIEWS } } },
  );
  if (pushed.matchedCount > 0) return;
  await courses.updateOne(theirs, replace);
}
