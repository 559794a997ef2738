import { buildKeyedLists, storedCollection } from '@liveedu/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { AnyBulkWriteOperation, Db, ObjectId } from 'mongodb';
import { rosterKey, rosterPart } from '../enrollment/domain.ts';
import {
  ENROLLMENTS,
  type EnrollmentDoc,
  enrollmentId,
  LEGACY_COURSE,
  ROSTERS,
} from '../enrollment/store.ts';
import { FAVOURITES } from '../favourites/store.ts';
import {
  LATEST_REVIEWS,
  REVIEWS,
  REVIEWS_BY_STARS,
  type ReviewDoc,
  reviewId,
  starsOwner,
} from '../reviews/store.ts';
import { contentWithIds, newestReviews, ratingTotals, type StoredReview } from './domain.ts';
import { COURSES } from './store.ts';

/** The collections the migrations rewrite. */
const rowsOf = (db: Db) => ({
  courses: COURSES.in(db),
  enrollments: ENROLLMENTS.in(db),
  reviews: REVIEWS.in(db),
});
type Rows = ReturnType<typeof rowsOf>;

/** Courses per round: each round reads the rows of its courses in one query per collection. */
const BATCH = 100;

/** A course as the catalog stored it before counts were kept by `$inc`. */
interface LegacyCourse {
  _id: ObjectId;
  listed?: boolean;
  createdAt?: Date;
  studentsEnrolled?: unknown;
  reviews?: unknown;
}

function legacyReviews(course: LegacyCourse): StoredReview[] {
  if (!Array.isArray(course.reviews)) return [];
  const byUser = new Map<string, StoredReview>();
  for (const raw of course.reviews as Partial<StoredReview>[]) {
    if (typeof raw?.userId !== 'string' || typeof raw.rating !== 'number') continue;
    const review: StoredReview = {
      userId: raw.userId,
      rating: raw.rating,
      comment: typeof raw.comment === 'string' ? raw.comment : '',
      createdAt: raw.createdAt instanceof Date ? raw.createdAt : (course.createdAt ?? new Date(0)),
    };
    const seen = byUser.get(review.userId);
    if (!seen || seen.createdAt < review.createdAt) byUser.set(review.userId, review);
  }
  return [...byUser.values()];
}

/**
 * Brings course documents of the earlier shape (every buyer in `studentsEnrolled`, every review
 * in `reviews`, `reviewsVersion`) to the current one, and is a no-op once none is left:
 * - each listed buyer gets an enrollment row and each embedded review a review row, upserted by
 *   key (the embedded review wins: it was written before its row, so it is never older);
 * - `enrolledCount`, `ratingSum`/`ratingCount`/`ratingAverage` and `latestReviews` are recomputed
 *   from the rows, so a row that never made it onto the old lists counts too;
 * - the old fields are `$unset` in the same update that writes the counts, on condition that they
 *   are still there, so two instances migrating at once write the same result once.
 *
 * Payments may be handled while this runs. A row a payment inserted (`counted: false`) is left
 * out of the recount and counted by its own handler, which refuses a course still in the old shape
 * until this is done (see enrollment/store.ts).
 */
export async function migrateCourses(raw: Db, log: FastifyBaseLogger): Promise<number> {
  const db = rowsOf(raw);
  const ids = (await db.courses.find(LEGACY_COURSE, { projection: { _id: 1 } }).toArray()).map((c) => c._id);
  let migrated = 0;
  for (let from = 0; from < ids.length; from += BATCH) {
    const batch = ids.slice(from, from + BATCH);
    const courses = (await db.courses
      .find(
        { _id: { $in: batch }, ...LEGACY_COURSE },
        { projection: { listed: 1, createdAt: 1, studentsEnrolled: 1, reviews: 1 } },
      )
      .toArray()) as LegacyCourse[];
    if (courses.length === 0) continue;
    await upsertRows(db, courses);

    const courseIds = courses.map((c) => c._id.toHexString());
    const [enrollments, reviews] = await Promise.all([
      db.enrollments
        .find({ courseId: { $in: courseIds } }, { projection: { courseId: 1, counted: 1 } })
        .toArray(),
      db.reviews
        .find(
          { courseId: { $in: courseIds } },
          { projection: { courseId: 1, userId: 1, rating: 1, comment: 1, createdAt: 1 } },
        )
        .toArray(),
    ]);
    const enrolled = new Map<string, number>();
    for (const row of enrollments) {
      if (row.counted === false) continue;
      enrolled.set(row.courseId, (enrolled.get(row.courseId) ?? 0) + 1);
    }
    const reviewed = new Map<string, StoredReview[]>();
    for (const row of reviews) {
      const list = reviewed.get(row.courseId) ?? [];
      list.push({ userId: row.userId, rating: row.rating, comment: row.comment, createdAt: row.createdAt });
      reviewed.set(row.courseId, list);
    }

    for (const course of courses) {
      const courseId = course._id.toHexString();
      const rows = reviewed.get(courseId) ?? [];
      await db.enrollments.updateMany({ courseId, counted: { $exists: false } }, { $set: { counted: true } });
      const result = await db.courses.updateOne(
        { _id: course._id, ...LEGACY_COURSE },
        {
          $set: {
            enrolledCount: enrolled.get(courseId) ?? 0,
            latestReviews: newestReviews(rows, LATEST_REVIEWS),
            ...ratingTotals(rows),
          },
          $unset: { studentsEnrolled: '', reviews: '', reviewsVersion: '' },
        },
      );
      migrated += result.modifiedCount;
    }
  }
  if (migrated > 0) log.info({ migrated }, 'courses moved to enrollment and review rows');
  return migrated;
}

async function upsertRows(db: Rows, courses: LegacyCourse[]): Promise<void> {
  const enrollments: AnyBulkWriteOperation<EnrollmentDoc>[] = [];
  const reviews: AnyBulkWriteOperation<ReviewDoc>[] = [];
  for (const course of courses) {
    const courseId = course._id.toHexString();
    const buyers = Array.isArray(course.studentsEnrolled) ? course.studentsEnrolled : [];
    for (const studentId of new Set(buyers.filter((s): s is string => typeof s === 'string'))) {
      enrollments.push({
        updateOne: {
          filter: { _id: enrollmentId(studentId, courseId) },
          update: { $setOnInsert: { studentId, courseId, enrolledAt: course.createdAt ?? new Date(0) } },
          upsert: true,
        },
      });
    }
    for (const review of legacyReviews(course)) {
      reviews.push({
        updateOne: {
          filter: { _id: reviewId(courseId, review.userId) },
          update: {
            $set: {
              courseId,
              userId: review.userId,
              rating: review.rating,
              comment: review.comment,
              listed: course.listed ?? true,
              createdAt: review.createdAt,
            },
          },
          upsert: true,
        },
      });
    }
  }
  if (enrollments.length > 0) await db.enrollments.bulkWrite(enrollments, { ordered: false });
  if (reviews.length > 0) await db.reviews.bulkWrite(reviews, { ordered: false });
}

/** The catalog's per-owner lists, built from their rows once (see `buildKeyedLists`). */
export async function ensureKeyedLists(db: Db, log: FastifyBaseLogger): Promise<void> {
  await buildKeyedLists(
    db,
    'keyed-lists-1',
    [
      {
        rows: ENROLLMENTS.collection,
        list: 'student_courses',
        owner: 'studentId',
        item: 'courseId',
        at: 'enrolledAt',
      },
      {
        rows: FAVOURITES.collection,
        list: 'user_favourites',
        owner: 'userId',
        item: 'courseId',
        at: 'addedAt',
      },
      { rows: REVIEWS.collection, list: 'course_reviews', owner: 'courseId', item: '_id', at: 'createdAt' },
    ],
    log,
  );
  // Reviews by their stars came later: rows written before then are filed once.
  await buildKeyedLists(
    db,
    'keyed-lists-2',
    [
      {
        rows: REVIEWS.collection,
        list: REVIEWS_BY_STARS,
        owner: (row) => starsOwner(String(row.courseId), Number(row.rating)),
        item: '_id',
        at: 'createdAt',
      },
    ],
    log,
  );
  // So did the courses' rosters.
  await buildKeyedLists(
    db,
    'keyed-lists-3',
    [
      {
        rows: ENROLLMENTS.collection,
        list: ROSTERS,
        owner: (row) => rosterKey(String(row.courseId), rosterPart(String(row.studentId))),
        item: 'studentId',
        at: 'enrolledAt',
      },
    ],
    log,
  );
}

const ITEM_IDS_MARKER = 'course-item-ids-1';
/** One marker per one-time migration done (the keyed lists' markers are kept there too). */
const MIGRATIONS = storedCollection<{ _id: string; at: Date }>('migrations');

/**
 * Writes down the id of every course item stored before items had ids: the same id it was read
 * by until now (`itemIdFor`, from where it stood), so progress recorded against it stays with it.
 * Runs once; a course edited meanwhile already got its ids from the edit and is left alone.
 */
export async function writeItemIds(raw: Db, log: FastifyBaseLogger): Promise<number> {
  const db = rowsOf(raw);
  const migrations = MIGRATIONS.in(raw);
  if (await migrations.findOne({ _id: ITEM_IDS_MARKER })) return 0;
  let written = 0;
  for await (const course of db.courses.find({}, { projection: { sections: 1, updatedAt: 1 } })) {
    const items = (course.sections ?? []).map((s) => s.items ?? []);
    if (items.flat().every((item) => item._id)) continue;
    const sections = contentWithIds(course._id.toHexString(), items).map((withIds) => ({ items: withIds }));
    const result = await db.courses.updateOne(
      { _id: course._id, updatedAt: course.updatedAt },
      { $set: { sections } },
    );
    written += result.modifiedCount;
  }
  await migrations.updateOne({ _id: ITEM_IDS_MARKER }, { $set: { at: new Date() } }, { upsert: true });
  if (written > 0) log.info({ courses: written }, 'course items given their ids');
  return written;
}
