import { CATALOG_INTERNAL } from '@liveedu/contracts';
import {
  caller,
  conflict,
  forbidden,
  HttpError,
  internalSchema,
  MessageReply,
  notFound,
  ObjectIdString,
  paging,
  requireServiceToken,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { CourseCard, cardsFor, LearnCourse, learnContent, urlsOf } from '../courses/present.ts';
import { COURSES } from '../courses/store.ts';
import { learnsAsStudent, lockedFor } from '../progress/standing.ts';
import { PROGRESS, progressId } from '../progress/store.ts';
import {
  ALREADY_ENROLLED_MESSAGE,
  COURSE_NOT_FOUND,
  ENROLLED_MESSAGE,
  freeEnrollmentRefusal,
} from './domain.ts';
import { courseToLearn, ENROLLMENTS, enroll, isEnrolled, studentCourses } from './store.ts';

/** What a student reaches once they bought a course: its videos, and their list of courses. */
export default async function learningRoutes(app: ServiceApp): Promise<void> {
  const urls = urlsOf(app);

  app.get(
    '/api/v1/learn-course/:courseId/user/:userId',
    {
      preHandler: requireUser,
      schema: {
        summary:
          "Every item of a course, for its enrolled students, its tutor and the admin; in a sequential course a student's items not yet open say `locked` and come without their content",
        params: Type.Object({ courseId: ObjectIdString, userId: ObjectIdString }),
        response: { 200: LearnCourse, 400: MessageReply, 403: MessageReply, 404: MessageReply },
      },
    },
    async (request) => {
      const who = caller(request);
      const { courseId, userId } = request.params;
      // The path names a user; only that user (or the admin) may use it.
      if (who.role !== 'admin' && userId.toLowerCase() !== who.userId.toLowerCase()) {
        throw forbidden('You can only open your own courses');
      }
      const course = await courseToLearn(app.db, courseId, who, 'Please buy this course to start learning');
      const locked = await lockedFor(app.db, course, who.userId, learnsAsStudent(who, course));
      return {
        title: course.title,
        sequential: course.sequential === true,
        courseContent: learnContent(course, locked),
      };
    },
  );

  app.get(
    '/api/v1/enrolled-courses',
    {
      preHandler: requireUser,
      schema: {
        summary: 'The courses you bought, last bought first (deleted ones included), a page at a time',
        ...paging.schema({
          coursesEnrolled: Type.Array(
            Type.Object({
              ...CourseCard.properties,
              progress: Type.Integer({ minimum: 0, maximum: 100, description: 'Percent completed' }),
              started: Type.Boolean({
                description: 'Whether the student has watched any of it (then "Continue")',
              }),
            }),
          ),
        }),
      },
    },
    async (request) => {
      const studentId = caller(request).userId;
      const found = await paging.keyed(studentCourses(app.db), studentId, request.query);
      const [cards, progress] = await Promise.all([
        cardsFor(app.db, urls, app.listing, found.ids, false),
        PROGRESS.in(app.db)
          .find(
            { _id: { $in: found.ids.map((id) => progressId(studentId, id)) } },
            { projection: { courseId: 1, percent: 1 } },
          )
          .toArray(),
      ]);
      const percent = new Map(progress.map((p) => [p.courseId, p.percent ?? 0]));
      return {
        coursesEnrolled: cards.map((c) => ({
          ...c,
          progress: percent.get(c._id) ?? 0,
          started: percent.has(c._id),
        })),
        ...found.fields,
      };
    },
  );
}

/**
 * A course priced 0 is taken, not bought: the caller is enrolled by the same `enroll` a payment
 * goes through (counted once, `catalog.course.enrolled` published), with no order, payment or
 * ledger line anywhere.
 */
export async function freeEnrollmentRoutes(app: ServiceApp): Promise<void> {
  app.post(
    '/api/v1/enroll-free/:courseId',
    {
      preHandler: requireUser,
      schema: {
        summary:
          'Enroll in a listed course priced 0, without an order (once: 409 after); a course with a price is bought through the checkout (400)',
        params: Type.Object({ courseId: ObjectIdString }),
        response: {
          201: Type.Object({
            message: Type.String(),
            courseId: Type.String({ description: 'The course now in your enrolled courses' }),
          }),
          400: MessageReply,
          403: MessageReply,
          404: MessageReply,
          409: MessageReply,
        },
      },
    },
    async (request, reply) => {
      const studentId = caller(request).userId;
      const course = await COURSES.in(app.db).findOne(
        { _id: new ObjectId(request.params.courseId) },
        { projection: { listed: 1, tutorId: 1, pricePaise: 1 } },
      );
      if (!course) throw notFound(COURSE_NOT_FOUND);
      const refusal = freeEnrollmentRefusal(course, studentId);
      if (refusal) throw new HttpError(refusal.status, refusal.message);
      // The stored id, lower-case: one enrollment row however the path spells it.
      const courseId = course._id.toHexString();
      const outcome = await enroll(app.db, app.outbox, { courseId, studentId, free: true, at: new Date() });
      if (outcome === 'no-course') throw notFound(COURSE_NOT_FOUND);
      // A paid enrollment from before the course became free counts as enrolled too.
      if (outcome === 'already-enrolled') throw conflict(ALREADY_ENROLLED_MESSAGE);
      return reply.status(201).send({ message: ENROLLED_MESSAGE, courseId });
    },
  );
}

/**
 * What the payments service asks before it opens a checkout (`CATALOG_INTERNAL.courseForSale`,
 * which its typed client takes); the gateway never routes `/internal/*`.
 */
export async function saleRoutes(app: ServiceApp): Promise<void> {
  const onlyUs = requireServiceToken(app.config.internalSecret);
  const { courseForSale } = CATALOG_INTERNAL;

  app.get(
    courseForSale.path,
    { preHandler: onlyUs, schema: internalSchema(courseForSale) },
    async (request) => {
      const course = await COURSES.in(app.db).findOne({ _id: new ObjectId(request.params.courseId) });
      const enrolled =
        course !== null &&
        (await isEnrolled(ENROLLMENTS.in(app.db), course._id.toHexString(), request.query.buyerId));
      // Only a listed course is for sale; one no longer listed is found only by those who have it.
      if (!course || (!course.listed && !enrolled)) throw notFound('Course not found');
      return {
        _id: course._id.toHexString(),
        title: course.title,
        pricePaise: course.pricePaise,
        tutorId: course.tutorId,
        tutorUsername: course.tutorUsername,
        enrolled,
      };
    },
  );
}
