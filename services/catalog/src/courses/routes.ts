import {
  calendarChart,
  caller,
  FilePart,
  MessageReply,
  ObjectIdString,
  paging,
  receiveMultipart,
  requireRole,
  type ServiceApp,
  seriesPerKey,
  Type,
} from '@liveedu/service-kit';
import { createCourse, deleteCourse, forgetThumbnail, ownCourse, updateCourse } from './editing.ts';
import { CourseCard, CourseForEditing, details, listedCard, urlsOf } from './present.ts';
import { COURSES, THUMBNAILS_BUCKET } from './store.ts';

export const THUMBNAIL_MAX_BYTES = 4 * 1024 * 1024;
/** The course as JSON: room for a course of many full-length articles (the default is 256 KiB). */
export const COURSE_DATA_MAX_BYTES = 4 * 1024 * 1024;

const IdParams = Type.Object({ id: ObjectIdString });
const Written = Type.Object({ message: Type.String(), _id: Type.String() });
/** The course editor's form: the thumbnail and the course as JSON text (checked by its rules). */
const CourseForm = Type.Object({
  image: FilePart('The thumbnail: a png, jpeg or webp image'),
  Data: Type.String({
    description:
      'The course as JSON: title, desc, price, category, sequential, courseContent (items with kind, body for an article), …',
  }),
});
const thumbnailRule = {
  image: {
    bucket: THUMBNAILS_BUCKET,
    accept: ['png', 'jpeg', 'webp'] as ('png' | 'jpeg' | 'webp')[],
    wrongTypeMessage: 'Please upload a png, jpeg or webp image',
    resized: true,
  },
};
const CHART_DAYS = 28;
const CHART_MONTHS = 12;

/** A tutor creates, changes and deletes their courses. */
export default async function tutorCourseRoutes(app: ServiceApp): Promise<void> {
  const receiveForm = (request: Parameters<typeof receiveMultipart>[0]) =>
    receiveMultipart(request, app.storage, thumbnailRule, {
      fileSize: THUMBNAIL_MAX_BYTES,
      fieldSize: COURSE_DATA_MAX_BYTES,
    });

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
      const upload = await receiveForm(request);
      const _id = await createCourse(app, caller(request), upload, request.id).catch(async (error) => {
        await upload.discard();
        throw error;
      });
      return reply.status(201).send({ message: 'Course created successfully', _id });
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
      const existing = await ownCourse(app.db, request.params.id, who);
      const upload = await receiveForm(request);
      const replaced = await updateCourse(app, who, existing, upload, request.id).catch(async (error) => {
        await upload.discard();
        throw error;
      });
      await app.refreshListing(existing._id.toHexString());
      if (replaced) await forgetThumbnail(app, replaced);
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
      await deleteCourse(app, who, await ownCourse(app.db, request.params.id, who), request.id);
      return { message: 'Course deleted successfully' };
    },
  );
}

/** A tutor's own courses: one in full for the edit form, and the list of them. */
export async function tutorCourseReadRoutes(app: ServiceApp): Promise<void> {
  const urls = urlsOf(app);

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
      return details(app.db, urls, await ownCourse(app.db, request.params.id, who), who.userId);
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

/** The admin's count of listed courses and the charts of courses created. */
export async function courseStatsRoutes(app: ServiceApp): Promise<void> {
  const courses = COURSES.in(app.db);
  const admin = requireRole('admin');

  app.get(
    '/api/v1/count-courses',
    {
      preHandler: admin,
      schema: {
        summary: 'How many courses are listed',
        response: { 200: Type.Object({ count: Type.Number() }) },
      },
    },
    async () => ({ count: await courses.countDocuments({ listed: true }) }),
  );

  calendarChart(app, {
    path: '/api/v1/course-created-data',
    summary: 'Courses created on each of the last 28 days (Asia/Kolkata)',
    preHandler: admin,
    per: 'day',
    count: CHART_DAYS,
    keysAs: 'dates',
    valuesAs: 'courseCounts',
    values: (days) => seriesPerKey(courses, 'day', days),
  });
  calendarChart(app, {
    path: '/api/v1/new-courses-per-month',
    summary: 'Courses created in each of the last 12 months (Asia/Kolkata)',
    preHandler: admin,
    per: 'month',
    count: CHART_MONTHS,
    keysAs: 'months',
    valuesAs: 'courseCounts',
    values: (months) => seriesPerKey(courses, 'month', months),
  });
}
