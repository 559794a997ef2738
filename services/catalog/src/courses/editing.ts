/**
 * What a tutor's course editor writes: a course created from the form, changed, or deleted, each
 * with its event (through the outbox), the links of its hosted videos and this replica's listing.
 */
import { calendarKeys } from '@liveedu/calendar';
import type { CallerIdentity } from '@liveedu/contracts';
import { badRequest, forbidden, type MultipartResult, notFound, type ServiceApp } from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';
import { CATEGORIES } from '../categories/store.ts';
import { FAVOURITES } from '../favourites/store.ts';
import { TUTORS } from '../instructors/store.ts';
import { REVIEWS } from '../reviews/store.ts';
import { linkCourseVideos } from '../video-access/store.ts';
import {
  assignItemIds,
  type CourseInput,
  checkCourseInput,
  contentWithIds,
  textKey,
  videoIdsOf,
} from './domain.ts';
import { courseCreated, courseDeleted, courseUpdated } from './events.ts';
import { urlsOf } from './present.ts';
import { COURSES, type CourseDoc, THUMBNAILS_BUCKET } from './store.ts';

/** The fields of a course that come from the tutor's form. */
function formFields(input: CourseInput, category: string) {
  return {
    title: input.title,
    titleKey: textKey(input.title),
    desc: input.desc,
    pricePaise: input.pricePaise,
    category,
    categoryKey: textKey(category),
    difficulity: input.difficulity,
    benefits: input.benefits,
    prerequistes: input.prerequistes,
    sections: input.courseContent.map((items) => ({ items })),
    sequential: input.sequential,
  };
}

/** Parses and checks `Data`; the category must be one of ours (its stored spelling is kept). */
async function readCourseData(
  db: Db,
  upload: MultipartResult,
  /** The ids of the course's items as stored (none for a new course). */
  knownItems: ReadonlySet<string> = new Set(),
): Promise<{ input: CourseInput; category: string }> {
  const raw = upload.fields.Data;
  if (raw === undefined || raw.trim() === '') throw badRequest('All fields are required');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('The course data is not valid JSON');
  }
  const checked = checkCourseInput(parsed);
  if (!checked.ok) throw badRequest(checked.message);
  const withIds = assignItemIds(checked.value.courseContent, knownItems, () => new ObjectId().toHexString());
  if (!withIds.ok) throw badRequest(withIds.message);
  checked.value.courseContent = withIds.value;
  const found = await CATEGORIES.in(db).findOne({ titleKey: textKey(checked.value.category) });
  if (!found) throw badRequest('Please choose a category from the list');
  return { input: checked.value, category: found.title };
}

/** The course if the caller owns it: 404 when it does not exist (or is deleted), 403 when not theirs. */
export async function ownCourse(db: Db, id: string, who: CallerIdentity): Promise<CourseDoc> {
  const course = await COURSES.in(db).findOne({ _id: new ObjectId(id) });
  if (!course || course.deletedAt) throw notFound('Course not found');
  if (course.tutorId !== who.userId) throw forbidden('This course is not yours');
  return course;
}

/** The tutor as the read model knows them; a course's author is always findable. */
async function rememberTutor(db: Db, who: CallerIdentity): Promise<string> {
  const now = new Date();
  await TUTORS.in(db).updateOne(
    { _id: who.userId },
    {
      $set: { role: 'tutor' },
      $setOnInsert: {
        username: who.username,
        usernameKey: textKey(who.username),
        avatar: '',
        desc: '',
        updatedAt: now,
      },
    },
    { upsert: true },
  );
  const tutor = await TUTORS.in(db).findOne({ _id: who.userId });
  return tutor?.username ?? who.username;
}

/** A new course from the form and its uploaded thumbnail; resolves to its id. */
export async function createCourse(
  app: ServiceApp,
  who: CallerIdentity,
  upload: MultipartResult,
  requestId: string,
): Promise<string> {
  const { input, category } = await readCourseData(app.db, upload);
  const image = upload.files.image;
  if (!image) throw badRequest('Please select an image first.');
  const now = new Date();
  const course: CourseDoc = {
    _id: new ObjectId(),
    ...formFields(input, category),
    thumbnailKey: image.key,
    tutorId: who.userId,
    tutorUsername: await rememberTutor(app.db, who),
    enrolledCount: 0,
    latestReviews: [],
    ratingSum: 0,
    ratingCount: 0,
    ratingAverage: 0,
    listed: true,
    createdAt: now,
    updatedAt: now,
    ...calendarKeys(now),
  };
  await app.outbox.insertOne(COURSES.collection, course, [courseCreated(course, image.url, requestId)]);
  await linkCourseVideos(
    app.db,
    { courseId: course._id.toHexString(), tutorId: who.userId },
    videoIdsOf(input.courseContent),
  );
  // This replica's lists show the course at once; the event brings it to the others.
  await app.refreshListing(course._id.toHexString());
  return course._id.toHexString();
}

/**
 * The tutor's course as the form now says, with a new thumbnail when one was uploaded. Resolves
 * to the thumbnail it replaced, which the caller removes once the change is in place.
 */
export async function updateCourse(
  app: ServiceApp,
  who: CallerIdentity,
  existing: CourseDoc,
  upload: MultipartResult,
  requestId: string,
): Promise<string | null> {
  const stored = contentWithIds(
    existing._id.toHexString(),
    existing.sections.map((s) => s.items),
  );
  const known = new Set(stored.flat().map((item) => item._id));
  const { input, category } = await readCourseData(app.db, upload, known);
  const image = upload.files.image;
  if (!image && !existing.thumbnailKey) throw badRequest('Please select an image first.');
  const changes = {
    ...formFields(input, category),
    ...(image ? { thumbnailKey: image.key } : {}),
    updatedAt: new Date(),
  };
  const updated: CourseDoc = { ...existing, ...changes };
  const result = await app.outbox.updateOne<CourseDoc>(
    COURSES.collection,
    { _id: existing._id, tutorId: who.userId, deletedAt: { $exists: false } },
    { $set: changes },
    [courseUpdated(updated, urlsOf(app).thumbnail(updated.thumbnailKey), requestId)],
  );
  if (result.matchedCount === 0) throw notFound('Course not found');
  await linkCourseVideos(
    app.db,
    { courseId: existing._id.toHexString(), tutorId: who.userId },
    videoIdsOf(input.courseContent),
    videoIdsOf(existing.sections.map((s) => s.items)),
  );
  return image && existing.thumbnailKey ? existing.thumbnailKey : null;
}

/** Takes the course out of listings, search and favourites; its students keep access. */
export async function deleteCourse(
  app: ServiceApp,
  who: CallerIdentity,
  course: CourseDoc,
  requestId: string,
): Promise<void> {
  const now = new Date();
  const result = await app.outbox.updateOne<CourseDoc>(
    COURSES.collection,
    { _id: course._id, tutorId: who.userId, deletedAt: { $exists: false } },
    { $set: { listed: false, deletedAt: now, updatedAt: now } },
    [courseDeleted(course, requestId)],
  );
  if (result.matchedCount === 0) throw notFound('Course not found');
  const courseId = course._id.toHexString();
  await app.refreshListing(courseId);
  await FAVOURITES.in(app.db).deleteMany({ courseId });
  await REVIEWS.in(app.db).updateMany({ courseId }, { $set: { listed: false } });
}

/** Removes a thumbnail no course uses any more; one left behind costs only space. */
export async function forgetThumbnail(app: ServiceApp, key: string): Promise<void> {
  await app.storage.remove(THUMBNAILS_BUCKET, key).catch(() => {});
}
