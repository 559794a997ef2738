import { type CollectionIndexes, keyedList } from '@liveedu/service-kit';
import type { Collection, Db, ObjectId } from 'mongodb';
import type { Difficulty, StoredReview, VideoItem } from './domain/course.ts';

export const COURSES = 'courses';
export const CATEGORIES = 'categories';
export const TUTORS = 'tutors';
export const FAVOURITES = 'favourites';
export const ENROLLMENTS = 'enrollments';
export const REVIEWS = 'reviews';

export const THUMBNAILS_BUCKET = 'thumbnails';
export const CATEGORIES_BUCKET = 'categories';

export interface CategoryDoc {
  _id: ObjectId;
  title: string;
  titleKey: string;
  imgKey: string;
  position: number;
}

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
  sections: { items: VideoItem[] }[];
  tutorId: string;
  tutorUsername: string;
  /** Changed only by `$inc` when an enrollment row is counted (see enrollment.ts). */
  enrolledCount: number;
  /**
   * Tokens of the last enrollment rows counted, written in the same update as the `$inc`: what
   * lets a retried enrollment tell whether its increment already happened (see enrollment.ts).
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

/** What the catalog knows of a user, kept current from identity's events. */
export interface TutorDoc {
  _id: string;
  username: string;
  usernameKey: string;
  avatar: string;
  desc: string;
  role: 'student' | 'tutor' | 'admin';
  updatedAt: Date;
}

export interface FavouriteDoc {
  _id: string;
  userId: string;
  courseId: string;
  addedAt: Date;
}

/** The record of a purchase: one per student and course, by `_id`. */
export interface EnrollmentDoc {
  _id: string;
  studentId: string;
  courseId: string;
  enrolledAt: Date;
  paymentId?: string;
  /**
   * false from insertion until the course's `enrolledCount` includes this row; absent on rows
   * written before the count was kept this way (the start-up migration counted those).
   */
  counted?: boolean;
  /** Pushed onto the course's `countedTokens` with the increment. */
  countToken?: string;
}

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
}

export interface Collections {
  courses: Collection<CourseDoc>;
  categories: Collection<CategoryDoc>;
  tutors: Collection<TutorDoc>;
  favourites: Collection<FavouriteDoc>;
  enrollments: Collection<EnrollmentDoc>;
  reviews: Collection<ReviewDoc>;
}

export function collections(db: Db): Collections {
  return {
    courses: db.collection<CourseDoc>(COURSES),
    categories: db.collection<CategoryDoc>(CATEGORIES),
    tutors: db.collection<TutorDoc>(TUTORS),
    favourites: db.collection<FavouriteDoc>(FAVOURITES),
    enrollments: db.collection<EnrollmentDoc>(ENROLLMENTS),
    reviews: db.collection<ReviewDoc>(REVIEWS),
  };
}

/** How many reviews a course document carries for its page. */
export const LATEST_REVIEWS = 10;

/**
 * Per-owner lists of ids, newest first, read a page at a time by key (the embedded database
 * would scan `enrollments`, `favourites` or `reviews` to filter and sort them).
 */
export const keyedLists = (db: Db) => ({
  /** A student's bought course ids. */
  studentCourses: keyedList(db, 'student_courses'),
  /** A user's favourite course ids. */
  userFavourites: keyedList(db, 'user_favourites'),
  /** A course's review row ids (`courseId:userId`). */
  courseReviews: keyedList(db, 'course_reviews'),
});

export const favouriteId = (userId: string, courseId: string) => `${userId}:${courseId}`;
export const enrollmentId = (studentId: string, courseId: string) => `${studentId}:${courseId}`;
export const reviewId = (courseId: string, userId: string) => `${courseId}:${userId}`;

export const catalogIndexes: CollectionIndexes[] = [
  {
    collection: COURSES,
    indexes: [
      { key: { listed: 1, createdAt: -1 }, name: 'listed_newest' },
      { key: { listed: 1, enrolledCount: -1, ratingAverage: -1, createdAt: -1 }, name: 'listed_loved' },
      { key: { listed: 1, categoryKey: 1, createdAt: -1 }, name: 'listed_by_category' },
      { key: { listed: 1, titleKey: 1 }, name: 'listed_by_title' },
      { key: { tutorId: 1, listed: 1, createdAt: -1 }, name: 'by_tutor' },
      { key: { day: 1 }, name: 'by_day' },
      { key: { month: 1 }, name: 'by_month' },
    ],
  },
  {
    collection: CATEGORIES,
    indexes: [
      { key: { titleKey: 1 }, name: 'title_unique', unique: true },
      { key: { position: 1 }, name: 'by_position' },
    ],
  },
  {
    collection: TUTORS,
    indexes: [
      { key: { usernameKey: 1 }, name: 'by_username' },
      { key: { role: 1, usernameKey: 1 }, name: 'by_role_username' },
    ],
  },
  {
    collection: FAVOURITES,
    indexes: [
      { key: { userId: 1, addedAt: -1 }, name: 'by_user_newest' },
      { key: { courseId: 1 }, name: 'by_course' },
    ],
  },
  {
    collection: ENROLLMENTS,
    indexes: [
      { key: { studentId: 1, enrolledAt: -1 }, name: 'by_student_newest' },
      { key: { courseId: 1 }, name: 'by_course' },
    ],
  },
  {
    collection: REVIEWS,
    indexes: [
      { key: { listed: 1, rating: -1, createdAt: -1 }, name: 'listed_best_newest' },
      { key: { courseId: 1 }, name: 'by_course' },
      { key: { userId: 1 }, name: 'by_user' },
    ],
  },
];
