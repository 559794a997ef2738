import { calendarKeys } from '@liveedu/calendar';
import type { CallerIdentity } from '@liveedu/contracts';
import {
  badRequest,
  caller,
  FilePart,
  forbidden,
  MessageReply,
  type MultipartResult,
  notFound,
  ObjectIdString,
  paging,
  receiveMultipart,
  requireRole,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { linkCourseVideos } from '../../course-videos.ts';
import {
  assignItemIds,
  type CourseInput,
  checkCourseInput,
  contentWithIds,
  videoIdsOf,
} from '../../domain/course.ts';
import { textKey } from '../../domain/text.ts';
import { courseCreated, courseDeleted, courseUpdated } from '../../events.ts';
import { CourseCard, CourseForEditing, details, listedCard, urlsOf } from '../../present.ts';
import { COURSES, type Collections, type CourseDoc, collections, THUMBNAILS_BUCKET } from '../../store.ts';

export const THUMBNAIL_MAX_BYTES = 4 * 1024 * 1024;

const IdParams = Type.Object({ id: ObjectIdString });
const Written = Type.Object({ message: Type.String(), _id: Type.String() });
/** The course editor's form: the thumbnail and the course as JSON text (checked by its rules). */
const CourseForm = Type.Object({
  image: FilePart('The thumbnail: a png, jpeg or webp image'),
  Data: Type.String({ description: 'The course as JSON: title, desc, price, category, courseContent, …' }),
});

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
  };
}

/** Parses and checks `Data`; the category must be one of ours (its stored spelling is kept). */
async function readCourseData(
  db: Collections,
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
  const found = await db.categories.findOne({ titleKey: textKey(checked.value.category) });
  if (!found) throw badRequest('Please choose a category from the list');
  return { input: checked.value, category: found.title };
}

/** The course if the caller owns it: 404 when it does not exist (or is deleted), 403 when not theirs. */
async function ownCourse(db: Collections, id: string, who: CallerIdentity): Promise<CourseDoc> {
  const course = await db.courses.findOne({ _id: new ObjectId(id) });
  if (!course || course.deletedAt) throw notFound('Course not found');
  if (course.tutorId !== who.userId) throw forbidden('This course is not yours');
  return course;
}

export default async function tutorCourseRoutes(app: ServiceApp): Promise<void> {
  const db = collections(app.db);
  const urls = urlsOf(app);
  const thumbnailRule = {
    image: {
      bucket: THUMBNAILS_BUCKET,
      accept: ['png', 'jpeg', 'webp'] as ('png' | 'jpeg' | 'webp')[],
      wrongTypeMessage: 'Please upload a png, jpeg or webp image',
    },
  };

  /** The tutor as the read model knows them; a course's author is always findable. */
  async function rememberTutor(who: CallerIdentity): Promise<string> {
    const now = new Date();
    await db.tutors.updateOne(
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
    const tutor = await db.tutors.findOne({ _id: who.userId });
    return tutor?.username ?? who.username;
  }

  app.post(
    '/api/v1/create-course',
    {
      preHandler: requireRole('tutor'),
      schema: {
        summary: 'Create a course (multipart: image and Data JSON)',
        multipart: CourseForm,
        response: { 201: Written, 400: MessageReply, 403: MessageReply, 413: MessageReply },
      },
    },
    async (request, reply) => {
      const who = caller(request);
      const upload = await receiveMultipart(request, app.storage, thumbnailRule, {
        fileSize: THUMBNAIL_MAX_BYTES,
      });
      try {
        const { input, category } = await readCourseData(db, upload);
        const image = upload.files.image;
        if (!image) throw badRequest('Please select an image first.');
        const now = new Date();
        const course: CourseDoc = {
          _id: new ObjectId(),
          ...formFields(input, category),
          thumbnailKey: image.key,
          tutorId: who.userId,
          tutorUsername: await rememberTutor(who),
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
        await app.outbox.insertOne(COURSES, course, [courseCreated(course, image.url, request.id)]);
        await linkCourseVideos(
          app.db,
          { courseId: course._id.toHexString(), tutorId: who.userId },
          videoIdsOf(input.courseContent),
        );
        // This replica's lists show the course at once; the event brings it to the others.
        await app.refreshListing(course._id.toHexString());
        return reply
          .status(201)
          .send({ message: 'Course created successfully', _id: course._id.toHexString() });
      } catch (error) {
        await upload.discard();
        throw error;
      }
    },
  );

  app.put(
    '/api/v1/update-course/:id',
    {
      preHandler: requireRole('tutor'),
      schema: {
        summary: 'Update one of your courses (multipart: Data JSON, image optional)',
        multipart: CourseForm,
        params: IdParams,
        response: {
          200: Written,
          400: MessageReply,
          403: MessageReply,
          404: MessageReply,
          413: MessageReply,
        },
      },
    },
    async (request) => {
      const who = caller(request);
      // Ownership first, so nobody else's upload is ever stored.
      const existing = await ownCourse(db, request.params.id, who);
      const upload = await receiveMultipart(request, app.storage, thumbnailRule, {
        fileSize: THUMBNAIL_MAX_BYTES,
      });
      let replacedKey: string | null = null;
      try {
        const stored = contentWithIds(
          existing._id.toHexString(),
          existing.sections.map((s) => s.items),
        );
        const known = new Set(stored.flat().map((item) => item._id));
        const { input, category } = await readCourseData(db, upload, known);
        const image = upload.files.image;
        if (!image && !existing.thumbnailKey) throw badRequest('Please select an image first.');
        const now = new Date();
        const changes = {
          ...formFields(input, category),
          ...(image ? { thumbnailKey: image.key } : {}),
          updatedAt: now,
        };
        const updated: CourseDoc = { ...existing, ...changes };
        const result = await app.outbox.updateOne<CourseDoc>(
          COURSES,
          { _id: existing._id, tutorId: who.userId, deletedAt: { $exists: false } },
          { $set: changes },
          [courseUpdated(updated, urls.thumbnail(updated.thumbnailKey), request.id)],
        );
        if (result.matchedCount === 0) throw notFound('Course not found');
        await linkCourseVideos(
          app.db,
          { courseId: existing._id.toHexString(), tutorId: who.userId },
          videoIdsOf(input.courseContent),
          videoIdsOf(existing.sections.map((s) => s.items)),
        );
        if (image && existing.thumbnailKey) replacedKey = existing.thumbnailKey;
      } catch (error) {
        await upload.discard();
        throw error;
      }
      await app.refreshListing(existing._id.toHexString());
      if (replacedKey) await app.storage.remove(THUMBNAILS_BUCKET, replacedKey).catch(() => {});
      return { message: 'Course updated successfully', _id: existing._id.toHexString() };
    },
  );

  app.delete(
    '/api/v1/delete-course/:id',
    {
      preHandler: requireRole('tutor'),
      schema: {
        summary: 'Delete one of your courses; its students keep access',
        params: IdParams,
        headers: Type.Object({ catid: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 200: MessageReply, 400: MessageReply, 403: MessageReply, 404: MessageReply },
      },
    },
    async (request) => {
      const who = caller(request);
      const course = await ownCourse(db, request.params.id, who);
      const now = new Date();
      const result = await app.outbox.updateOne<CourseDoc>(
        COURSES,
        { _id: course._id, tutorId: who.userId, deletedAt: { $exists: false } },
        { $set: { listed: false, deletedAt: now, updatedAt: now } },
        [courseDeleted(course, request.id)],
      );
      if (result.matchedCount === 0) throw notFound('Course not found');
      const courseId = course._id.toHexString();
      await app.refreshListing(courseId);
      await db.favourites.deleteMany({ courseId });
      await db.reviews.updateMany({ courseId }, { $set: { listed: false } });
      return { message: 'Course deleted successfully' };
    },
  );

  app.get(
    '/api/v1/get-course-details-to-updateByTutor/:id',
    {
      preHandler: requireRole('tutor'),
      schema: {
        summary: 'One of your courses in full, for the edit form',
        params: IdParams,
        response: { 200: CourseForEditing, 400: MessageReply, 403: MessageReply, 404: MessageReply },
      },
    },
    async (request) => {
      const who = caller(request);
      return details(db, urls, await ownCourse(db, request.params.id, who), who.userId);
    },
  );

  app.get(
    '/api/v1/get-tutors-courses',
    {
      preHandler: requireRole('tutor'),
      schema: {
        summary: 'Your courses, newest first, a page at a time',
        ...paging.schema({ createdCourses: Type.Array(CourseCard) }, { responses: { 403: MessageReply } }),
      },
    },
    async (request) => {
      const page = paging.request(request.query);
      const found = app.listing.newest({ ...page, tutorId: caller(request).userId });
      return {
        createdCourses: found.items.map((course) => listedCard(course, urls)),
        ...paging.fields(found.total, page),
      };
    },
  );
}
