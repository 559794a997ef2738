import type { ServiceApp } from '@liveedu/service-kit';
import { Type } from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';
import { CATEGORIES_BUCKET, type CategoryDoc } from '../categories/store.ts';
import { ENROLLMENTS, isEnrolled } from '../enrollment/store.ts';
import { TUTORS, type TutorDoc } from '../instructors/store.ts';
import type { CourseListing, ListedCourse } from '../listing/course-listing.ts';
import { videoDurations } from '../progress/store.ts';
import { LATEST_REVIEWS } from '../reviews/store.ts';
import {
  type CourseItem,
  contentWithIds,
  type ItemKind,
  kindOf,
  newestReviews,
  paiseToRupees,
  ratingAverage,
} from './domain.ts';
import { COURSES, type CourseDoc, THUMBNAILS_BUCKET } from './store.ts';

/** Public addresses of stored images, made per answer so a changed PUBLIC_URL applies at once. */
export interface Urls {
  thumbnail(key: string): string;
  category(key: string): string;
}

export const urlsOf = (app: ServiceApp): Urls => ({
  thumbnail: (key) => app.storage.publicUrl(THUMBNAILS_BUCKET, key),
  category: (key) => app.storage.publicUrl(CATEGORIES_BUCKET, key),
});

/** Response schemas double as filters: whatever is not named here never leaves the service. */
export const CourseCard = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  thumbnail: Type.String(),
  price: Type.Number(),
  difficulity: Type.String(),
  category: Type.String(),
  reviews: Type.Array(Type.Object({ rating: Type.Number() })),
  ratingAverage: Type.Number(),
  ratingCount: Type.Number(),
  courseCreatedBy: Type.Object({ _id: Type.String(), username: Type.String() }),
});

/** A list of cards as listings, search and instructor pages answer it. */
export const CourseCards = Type.Array(CourseCard, {
  description: "Course cards; each card's `reviews` holds at most its 10 newest ratings",
});

export const ReviewUser = Type.Object({ avatar: Type.String(), username: Type.String() });
export const PublicReview = Type.Object({ rating: Type.Number(), comment: Type.String(), user: ReviewUser });

const Kind = Type.Union(
  [Type.Literal('video'), Type.Literal('article'), Type.Literal('quiz'), Type.Literal('assignment')],
  { description: 'What the item is: a video unless it says otherwise' },
);

/** Section and item titles only: links, descriptions and articles are for enrolled students. */
export const PublicItem = Type.Object({
  _id: Type.String(),
  kind: Kind,
  sectionTitle: Type.String(),
  videoTitle: Type.String(),
  durationSec: Type.Optional(
    Type.Number({
      description: "A hosted video's length as its upload was measured, in seconds; links have none",
    }),
  ),
  preview: Type.Optional(
    Type.Boolean({ description: 'A free preview: anyone may play or read it from here' }),
  ),
  videoLink: Type.Optional(Type.String({ description: "A free preview's link (empty when hosted)" })),
  videoId: Type.Optional(
    Type.String({ description: "A free preview's hosted video: play it through videos/{videoId}/playback" }),
  ),
  body: Type.Optional(Type.String({ description: "A free preview article's Markdown" })),
});
export const FullItem = Type.Object({
  _id: Type.String(),
  kind: Kind,
  sectionTitle: Type.String(),
  videoTitle: Type.String(),
  videoDesc: Type.String(),
  /** Empty for a hosted video (play `videoId` through `videos/{videoId}/playback`) and for other kinds. */
  videoLink: Type.String(),
  videoId: Type.Optional(Type.String()),
  body: Type.Optional(Type.String({ description: "An article's Markdown; render it sanitised" })),
  preview: Type.Optional(Type.Boolean()),
});
/** An item as a learner's player gets it: a locked one without what it would play or show. */
export const LearnItem = Type.Object({
  ...FullItem.properties,
  locked: Type.Optional(
    Type.Literal(true, {
      description:
        'A sequential course keeps it closed until the item before it is completed; no link, video or article until then',
    }),
  ),
});

const detailFields = {
  _id: Type.String(),
  title: Type.String(),
  desc: Type.String(),
  thumbnail: Type.String(),
  price: Type.Number(),
  category: Type.String(),
  difficulity: Type.String(),
  benefits: Type.String(),
  prerequistes: Type.String(),
  enrolledCount: Type.Number(),
  /** The caller's own id when the caller bought the course, else empty: buyers stay private. */
  studentsEnrolled: Type.Array(Type.String()),
  /** The newest reviews only; `ratingCount` counts them all. */
  reviews: Type.Array(PublicReview),
  ratingAverage: Type.Number(),
  ratingCount: Type.Number(),
  courseCreatedBy: Type.Object({ _id: Type.String(), username: Type.String() }),
  createdAt: Type.String(),
};

/** The tutor as a course page introduces them: who they are and what their courses add up to. */
export const Instructor = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  avatar: Type.String(),
  desc: Type.String({ description: "The tutor's bio" }),
  courses: Type.Number({ description: 'Their listed courses' }),
  students: Type.Number({ description: 'Enrollments in those courses' }),
  ratingAverage: Type.Number(),
  ratingCount: Type.Number(),
});

export const CourseDetails = Type.Object({
  ...detailFields,
  courseContent: Type.Array(Type.Array(PublicItem)),
  instructor: Instructor,
});
const Sequential = Type.Boolean({
  description:
    "Each item opens for a student once the one before it is completed (never for the course's tutor or the admin)",
});
/** The tutor's own view for the edit form: every item in full. */
export const CourseForEditing = Type.Object({
  ...detailFields,
  sequential: Sequential,
  courseContent: Type.Array(Type.Array(FullItem)),
});
export const LearnCourse = Type.Object({
  title: Type.String(),
  sequential: Sequential,
  courseContent: Type.Array(Type.Array(LearnItem)),
});

export const TutorProfile = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  avatar: Type.String(),
  desc: Type.String(),
});

export const Category = Type.Object({ _id: Type.String(), title: Type.String(), img: Type.String() });

/** Only what a card shows is read from the database. */
export const CARD_PROJECTION = {
  title: 1,
  thumbnailKey: 1,
  pricePaise: 1,
  difficulity: 1,
  category: 1,
  'latestReviews.rating': 1,
  ratingSum: 1,
  ratingCount: 1,
  tutorId: 1,
  tutorUsername: 1,
} as const;

export type CardSource = Pick<
  CourseDoc,
  | '_id'
  | 'title'
  | 'thumbnailKey'
  | 'pricePaise'
  | 'difficulity'
  | 'category'
  | 'ratingSum'
  | 'ratingCount'
  | 'tutorId'
  | 'tutorUsername'
> & { latestReviews?: { rating: number }[] };

export function card(course: CardSource, urls: Urls) {
  return {
    _id: course._id.toHexString(),
    title: course.title,
    thumbnail: urls.thumbnail(course.thumbnailKey),
    price: paiseToRupees(course.pricePaise),
    difficulity: course.difficulity,
    category: course.category,
    reviews: (course.latestReviews ?? []).map((r) => ({ rating: r.rating })),
    ratingAverage: ratingAverage(course.ratingSum ?? 0, course.ratingCount ?? 0),
    ratingCount: course.ratingCount ?? 0,
    courseCreatedBy: { _id: course.tutorId, username: course.tutorUsername },
  };
}

/**
 * Cards for ids, in the order given: a listed course's from the in-process listing, any other's
 * (unlisted or deleted, unless `listedOnly` leaves it out, or not yet in this replica's listing)
 * from the database in one query.
 */
export async function cardsFor(
  db: Db,
  urls: Urls,
  listing: Pick<CourseListing, 'get'>,
  ids: string[],
  listedOnly: boolean,
) {
  const missing = ids.filter((id) => listing.get(id) === undefined);
  const docs =
    missing.length === 0
      ? []
      : ((await COURSES.in(db)
          .find(
            {
              _id: { $in: missing.map((id) => new ObjectId(id)) },
              ...(listedOnly ? { listed: true } : {}),
            },
            { projection: CARD_PROJECTION },
          )
          .toArray()) as CardSource[]);
  const fromDb = new Map(docs.map((d) => [d._id.toHexString(), d]));
  return ids.flatMap((id) => {
    const listed = listing.get(id);
    if (listed) return [listedCard(listed, urls)];
    const doc = fromDb.get(id);
    return doc ? [card(doc, urls)] : [];
  });
}

/** A card from the listing (see listing/course-listing.ts). */
export function listedCard(course: ListedCourse, urls: Urls) {
  return {
    _id: course._id,
    title: course.title,
    thumbnail: urls.thumbnail(course.thumbnailKey),
    price: paiseToRupees(course.pricePaise),
    difficulity: course.difficulity,
    category: course.category,
    reviews: course.ratings.map((rating) => ({ rating })),
    ratingAverage: course.ratingAverage,
    ratingCount: course.ratingCount,
    courseCreatedBy: { _id: course.tutorId, username: course.tutorUsername },
  };
}

export const DELETED_USER = { avatar: '', username: 'Deleted user' };

/** Reviewers' current names and avatars, from the read model, in one query. */
export async function reviewUsers(
  db: Db,
  userIds: string[],
): Promise<Map<string, { avatar: string; username: string }>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const found = await TUTORS.in(db)
    .find({ _id: { $in: unique } }, { projection: { username: 1, avatar: 1 } })
    .toArray();
  return new Map(found.map((u) => [u._id, { avatar: u.avatar, username: u.username }]));
}

/** A course page; `viewerId` is the caller, if any, and decides `studentsEnrolled`. */
export async function details(db: Db, urls: Urls, course: CourseDoc, viewerId: string | null) {
  const courseId = course._id.toHexString();
  const newestFirst = newestReviews(course.latestReviews ?? [], LATEST_REVIEWS);
  const videoIds = course.sections.flatMap((s) =>
    s.items.flatMap((item) => (item.videoId ? [item.videoId] : [])),
  );
  const [users, viewerEnrolled, durations] = await Promise.all([
    reviewUsers(
      db,
      newestFirst.map((r) => r.userId),
    ),
    viewerId ? isEnrolled(ENROLLMENTS.in(db), courseId, viewerId) : false,
    videoDurations(db, videoIds),
  ]);
  return {
    _id: courseId,
    title: course.title,
    desc: course.desc,
    thumbnail: urls.thumbnail(course.thumbnailKey),
    price: paiseToRupees(course.pricePaise),
    category: course.category,
    difficulity: course.difficulity,
    benefits: course.benefits,
    prerequistes: course.prerequistes,
    enrolledCount: course.enrolledCount ?? 0,
    studentsEnrolled: viewerEnrolled && viewerId ? [viewerId] : [],
    reviews: newestFirst.map((r) => ({
      rating: r.rating,
      comment: r.comment,
      user: users.get(r.userId) ?? DELETED_USER,
    })),
    ratingAverage: ratingAverage(course.ratingSum ?? 0, course.ratingCount ?? 0),
    ratingCount: course.ratingCount ?? 0,
    courseCreatedBy: { _id: course.tutorId, username: course.tutorUsername },
    createdAt: course.createdAt.toISOString(),
    sequential: course.sequential === true,
    courseContent: withDurations(
      contentWithIds(
        courseId,
        course.sections.map((s) => s.items),
      ).map((items) => items.map(fullItem)),
      durations,
    ),
  };
}

/** An item with everything it holds, its kind said (a video by default) and a link always. */
export function fullItem<T extends CourseItem>(item: T): T & { kind: ItemKind; videoLink: string } {
  return { ...item, kind: kindOf(item), videoLink: item.videoLink ?? '' };
}

/**
 * A course's items as a learner's player shows them. An item in `locked` says so and is shown
 * without its link, hosted video and article: it opens once the item before it is completed.
 */
export function learnContent(course: CourseDoc, locked: ReadonlySet<string>) {
  return contentWithIds(
    course._id.toHexString(),
    course.sections.map((s) => s.items),
  ).map((items) =>
    items.map((item) => {
      if (!locked.has(item._id)) return fullItem(item);
      const { videoId: _video, body: _body, ...rest } = fullItem(item);
      return { ...rest, videoLink: '', locked: true as const };
    }),
  );
}

/**
 * A course page's items as visitors see them: kinds, titles and lengths; the link or hosted video
 * only of a free preview video, the Markdown only of a free preview article. The response schema
 * would pass those through, so they are dropped here.
 */
export interface PublicCourseItem {
  _id: string;
  kind: ItemKind;
  sectionTitle: string;
  videoTitle: string;
  durationSec?: number;
  preview?: true;
  videoLink?: string;
  videoId?: string;
  body?: string;
}

export function publicContent(
  sections: Array<
    Array<Omit<PublicCourseItem, 'preview'> & { videoDesc?: string; videoLink: string; preview?: boolean }>
  >,
): PublicCourseItem[][] {
  return sections.map((items) =>
    items.map(({ _id, kind, sectionTitle, videoTitle, durationSec, videoLink, videoId, body, preview }) => ({
      _id,
      kind,
      sectionTitle,
      videoTitle,
      ...(durationSec === undefined ? {} : { durationSec }),
      ...(preview && kind === 'video'
        ? { preview: true as const, videoLink, ...(videoId ? { videoId } : {}) }
        : {}),
      ...(preview && kind === 'article' && body !== undefined ? { preview: true as const, body } : {}),
    })),
  );
}

/** Each hosted item with its video's measured length, where it is known. */
function withDurations<T extends { videoId?: string }>(sections: T[][], durations: Map<string, number>) {
  return sections.map((items) =>
    items.map((item) => {
      const durationSec = item.videoId ? durations.get(item.videoId) : undefined;
      return durationSec === undefined ? item : { ...item, durationSec };
    }),
  );
}

export const tutorProfile = (t: Pick<TutorDoc, '_id' | 'username' | 'avatar' | 'desc'>) => ({
  _id: t._id,
  username: t.username,
  avatar: t.avatar,
  desc: t.desc,
});

export const category = (c: CategoryDoc, urls: Urls) => ({
  _id: c._id.toHexString(),
  title: c.title,
  img: urls.category(c.imgKey),
});
