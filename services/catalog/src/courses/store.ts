import { storedCollection } from '@liveedu/service-kit';
import type { ObjectId } from 'mongodb';
import type { CourseItem, Difficulty, StoredReview } from './domain.ts';

/** Course thumbnails, read by anyone. */
export const THUMBNAILS_BUCKET = 'thumbnails';

export interface CourseDoc {
  _id: ObjectId;
  title: string;
  /** Lower-cased copies serve case-insensitive category lookups and search from indexes. */
  titleKey: string;
  desc: string;
  /** Object key in the thumbnails bucket; URLs are made when answering. */
  thumbnailKey: string;
  pricePaise: number;
  category: string;
  categoryKey: string;
  difficulity: Difficulty;
  benefits: string;
  prerequistes: string;
  /** Sections as documents: the database takes no arrays of arrays. */
  sections: { items: CourseItem[] }[];
  /**
   * Each item opens for a student once the one before it is completed (progress/domain.ts).
   * Absent on courses written before courses could say so: false.
   */
  sequential?: boolean;
  tutorId: string;
  tutorUsername: string;
  /** Changed only by `$inc` when an enrollment row is counted (see enrollment/store.ts). */
  enrolledCount: number;
  /**
   * Tokens of the last enrollment rows counted, written in the same update as the `$inc`: what
   * lets a retried enrollment tell whether its increment already happened (see enrollment/store.ts).
   * Random per row, so they say nothing about who bought the course.
   */
  countedTokens?: string[];
  /** The newest reviews for the course page, newest first, at most `LATEST_REVIEWS`. */
  latestReviews: StoredReview[];
  /** Totals over every row in `reviews`, changed only by `$inc`. */
  ratingSum: number;
  ratingCount: number;
  /** Stored for the "loved by students" sort; answers compute it from sum and count. */
  ratingAverage: number;
  /** In listings, search and favourites: false once deleted or once its tutor is gone. */
  listed: boolean;
  deletedAt?: Date;
  tutorDeletedAt?: Date;
  createdAt: Date;
  updatedAt: Date;
  /** `YYYY-MM-DD` and `YYYY-MM` in Asia/Kolkata, for the admin's charts. */
  day: string;
  month: string;
  demo?: boolean;
}

export const COURSES = storedCollection<CourseDoc>('courses', [
  { key: { listed: 1, createdAt: -1 }, name: 'listed_newest' },
  { key: { listed: 1, enrolledCount: -1, ratingAverage: -1, createdAt: -1 }, name: 'listed_loved' },
  { key: { listed: 1, categoryKey: 1, createdAt: -1 }, name: 'listed_by_category' },
  { key: { listed: 1, titleKey: 1 }, name: 'listed_by_title' },
  { key: { tutorId: 1, listed: 1, createdAt: -1 }, name: 'by_tutor' },
  { key: { day: 1 }, name: 'by_day' },
  { key: { month: 1 }, name: 'by_month' },
]);
