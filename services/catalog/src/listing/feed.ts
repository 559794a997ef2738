import { type Db, ObjectId } from 'mongodb';
import { ratingAverage } from '../courses/domain.ts';
import { COURSES, type CourseDoc } from '../courses/store.ts';
import { TUTORS, type TutorDoc } from '../instructors/store.ts';
import { type CourseListing, descWordsOf, type ListedCourse } from './course-listing.ts';

/** What the listing reads of a course document: a card's fields and the words to search. */
const LISTING_PROJECTION = {
  title: 1,
  category: 1,
  categoryKey: 1,
  desc: 1,
  thumbnailKey: 1,
  pricePaise: 1,
  difficulity: 1,
  'latestReviews.rating': 1,
  ratingSum: 1,
  ratingCount: 1,
  enrolledCount: 1,
  tutorId: 1,
  tutorUsername: 1,
  createdAt: 1,
  listed: 1,
} as const;

type ListingSource = Pick<
  CourseDoc,
  | '_id'
  | 'title'
  | 'category'
  | 'categoryKey'
  | 'desc'
  | 'thumbnailKey'
  | 'pricePaise'
  | 'difficulity'
  | 'ratingSum'
  | 'ratingCount'
  | 'enrolledCount'
  | 'tutorId'
  | 'tutorUsername'
  | 'createdAt'
  | 'listed'
> & { latestReviews?: { rating: number }[] };

/**
 * One copy of each value many cards share (a category, a level, a tutor): the driver makes a new
 * string per document, and at 100k cards the copies add up. Bounded by the distinct values.
 */
const shared = new Map<string, string>();
const intern = (value: string): string => {
  const known = shared.get(value);
  if (known !== undefined) return known;
  shared.set(value, value);
  return value;
};

export function listedCourseOf(doc: ListingSource): ListedCourse {
  const ratingSum = doc.ratingSum ?? 0;
  const ratingCount = doc.ratingCount ?? 0;
  return {
    _id: doc._id.toHexString(),
    title: doc.title,
    category: intern(doc.category),
    categoryKey: intern(doc.categoryKey),
    descWords: descWordsOf(doc.desc ?? ''),
    thumbnailKey: doc.thumbnailKey,
    pricePaise: doc.pricePaise,
    difficulity: intern(doc.difficulity),
    ratings: (doc.latestReviews ?? []).map((r) => r.rating),
    ratingAverage: ratingAverage(ratingSum, ratingCount),
    ratingCount,
    enrolledCount: doc.enrolledCount ?? 0,
    tutorId: intern(doc.tutorId),
    tutorUsername: intern(doc.tutorUsername),
    createdAt: doc.createdAt.getTime(),
  };
}

const tutorOf = (t: TutorDoc) => ({ _id: t._id, username: t.username, avatar: t.avatar, desc: t.desc });

/** Fills the listing from the database: one pass over listed courses and over tutors. */
export async function loadListing(
  db: Db,
  listing: CourseListing,
): Promise<{ courses: number; tutors: number }> {
  let courses = 0;
  let batch: ListedCourse[] = [];
  for await (const doc of COURSES.in(db).find(
    { listed: true },
    { projection: LISTING_PROJECTION, batchSize: 2_000 },
  )) {
    batch.push(listedCourseOf(doc as ListingSource));
    courses += 1;
    if (batch.length === 2_000) {
      listing.putAll(batch);
      batch = [];
    }
  }
  listing.putAll(batch);
  let tutors = 0;
  for await (const tutor of TUTORS.in(db).find({ role: 'tutor' }, { batchSize: 2_000 })) {
    listing.putTutor(tutorOf(tutor));
    tutors += 1;
  }
  return { courses, tutors };
}

/** Brings one course up to date from the database: what a write or an event about it calls. */
export async function refreshCourse(
  db: Db,
  listing: CourseListing,
  courseId: string,
  /** What the caller knows to be newer than the database (a tutor's new name from its event). */
  newer: Partial<Pick<ListedCourse, 'tutorUsername'>> = {},
): Promise<void> {
  if (!ObjectId.isValid(courseId)) return;
  const doc = await COURSES.in(db).findOne(
    { _id: new ObjectId(courseId) },
    { projection: LISTING_PROJECTION },
  );
  if (!doc?.listed) {
    listing.remove(courseId);
    return;
  }
  listing.put({ ...listedCourseOf(doc as ListingSource), ...newer });
  // Publishing a course makes its author a tutor in the catalog's read model (see tutor-courses).
  if (!listing.tutorByUsername(doc.tutorUsername.toLowerCase())) {
    const tutor = await TUTORS.in(db).findOne({ _id: doc.tutorId });
    if (tutor?.role === 'tutor') listing.putTutor(tutorOf(tutor));
  }
}
