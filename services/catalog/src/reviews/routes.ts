import {
  badRequest,
  caller,
  errorResponses,
  forbidden,
  MessageReply,
  notFound,
  ObjectIdString,
  paging,
  requireRole,
  requireUser,
  type ServiceApp,
  Type,
  WrittenText,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { checkReview, MAX_REVIEW_LENGTH, REQUIRED_MESSAGE, tooLong } from '../courses/domain.ts';
import { DELETED_USER, PublicReview, reviewUsers } from '../courses/present.ts';
import { COURSES } from '../courses/store.ts';
import { ENROLLMENTS, isEnrolled } from '../enrollment/store.ts';
import { MAX_REPLY_LENGTH } from './domain.ts';
import { highlightReview, topReviews } from './highlights.ts';
import { CourseReview, reviewsIn, StarBreakdown, StarsField } from './present.ts';
import {
  courseReviews,
  fileUnderStars,
  replyToReview,
  reviewId,
  reviewsByStars,
  saveReview,
  starBreakdown,
  starsOwner,
} from './store.ts';

/**
 * The rules of checkReview, stated for the published contract: a whole number of stars from 1 to
 * 5 (the site's form sends it as text) and a review that is not blank.
 */
export const ReviewForm = Type.Object(
  {
    rating: Type.Unsafe<number | string>({
      allOf: [
        // No stars given reads as a missing field, as the form shows it.
        { not: { enum: [0, '0', null] }, errorMessage: REQUIRED_MESSAGE },
        {
          anyOf: [
            { type: 'integer', minimum: 1, maximum: 5 },
            { type: 'string', pattern: '^\\s*0*[1-5]\\s*$' },
          ],
          errorMessage: 'Rating must be a whole number from 1 to 5',
        },
      ],
    }),
    review: WrittenText({ max: MAX_REVIEW_LENGTH }, REQUIRED_MESSAGE, tooLong('Review', MAX_REVIEW_LENGTH)),
  },
  { errorMessage: { required: REQUIRED_MESSAGE } },
);

export default async function reviewRoutes(app: ServiceApp): Promise<void> {
  const list = courseReviews(app.db);
  const byStars = reviewsByStars(app.db);

  app.get(
    '/api/v1/get-top4-reviews',
    {
      schema: {
        summary: 'The four best reviews, newest first among equals',
        response: { 200: Type.Object({ reviews: Type.Array(PublicReview) }) },
      },
    },
    async () => {
      const top = await topReviews(app.db, 4, (courseId) => app.listing.get(courseId) !== undefined);
      const users = await reviewUsers(
        app.db,
        top.map((r) => r.userId),
      );
      return {
        reviews: top.map((r) => ({
          rating: r.rating,
          comment: r.comment,
          user: users.get(r.userId) ?? DELETED_USER,
        })),
      };
    },
  );

  app.get(
    '/api/v1/get-course-reviews/:id',
    {
      schema: {
        summary:
          "A course's reviews, newest first, a page at a time (its page shows the 10 newest), with how many give each number of stars; `stars` keeps those of one rating",
        params: Type.Object({ id: ObjectIdString }),
        ...paging.schema(
          { reviews: Type.Array(CourseReview), breakdown: StarBreakdown },
          { query: { stars: Type.Optional(StarsField) }, responses: { 404: MessageReply } },
        ),
      },
    },
    async (request) => {
      const courseId = request.params.id;
      if (!app.listing.get(courseId)) throw notFound('Course not found');
      const { stars } = request.query;
      const [found, breakdown] = await Promise.all([
        stars
          ? paging.keyed(byStars, starsOwner(courseId, Number(stars)), request.query)
          : paging.keyed(list, courseId, request.query),
        starBreakdown(app.db, courseId),
      ]);
      return { reviews: await reviewsIn(app.db, found.ids), breakdown, ...found.fields };
    },
  );
}

/** A student who bought a course rates and reviews it. */
export async function reviewWritingRoutes(app: ServiceApp): Promise<void> {
  const list = courseReviews(app.db);

  app.post(
    '/api/v1/create-review/:courseId',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Rate and review a course you are enrolled in; a second review replaces the first',
        params: Type.Object({ courseId: ObjectIdString }),
        body: ReviewForm,
        response: {
          201: MessageReply,
          400: MessageReply,
          403: MessageReply,
          404: MessageReply,
        },
      },
    },
    async (request, reply) => {
      const userId = caller(request).userId;
      const checked = checkReview(request.body.rating, request.body.review);
      if (!checked.ok) throw badRequest(checked.message);
      const courseId = request.params.courseId;
      const _id = new ObjectId(courseId);
      const course = await COURSES.in(app.db).findOne(
        { _id },
        { projection: { listed: 1, title: 1, tutorId: 1 } },
      );
      if (!course) throw notFound('Course not found');
      if (!(await isEnrolled(ENROLLMENTS.in(app.db), courseId, userId))) {
        // A course no longer listed is as good as missing to those who did not buy it.
        throw course.listed
          ? forbidden('Only students enrolled in this course can review it')
          : notFound('Course not found');
      }
      const at = new Date();
      await saveReview(app.db, app.outbox, {
        courseId: _id,
        userId,
        rating: checked.value.rating,
        comment: checked.value.comment,
        listed: course.listed,
        at,
        course: { title: course.title, tutorId: course.tutorId },
      });
      // Newest first: an edited review moves to the front of the course's list.
      const row = reviewId(courseId, userId);
      await list.remove(courseId, row);
      await list.add(courseId, row);
      await fileUnderStars(app.db, courseId, row);
      await highlightReview(app.db, {
        courseId,
        userId,
        rating: checked.value.rating,
        comment: checked.value.comment,
        createdAt: at,
      });
      await app.refreshListing(courseId);
      return reply.status(201).send({ message: 'Review added successfully' });
    },
  );
}

export const ReplyForm = Type.Object({
  text: WrittenText({ max: MAX_REPLY_LENGTH }, 'Please write a reply', tooLong('Reply', MAX_REPLY_LENGTH)),
});

/** A course's tutor answers a review, once: a second reply replaces the first. */
export async function reviewReplyRoutes(app: ServiceApp): Promise<void> {
  app.put(
    '/api/v1/reviews/:courseId/:reviewId/reply',
    {
      preHandler: requireRole('tutor'),
      schema: {
        summary:
          "Reply to a review of your course (a review's id is its author's user id); a second reply replaces the first",
        params: Type.Object({ courseId: ObjectIdString, reviewId: ObjectIdString }),
        body: ReplyForm,
        response: { 200: MessageReply, ...errorResponses },
      },
    },
    async (request) => {
      const { courseId, reviewId: reviewerId } = request.params;
      const course = await COURSES.in(app.db).findOne(
        { _id: new ObjectId(courseId) },
        { projection: { tutorId: 1, listed: 1 } },
      );
      // A deleted course is as good as missing, here as on its page.
      if (!course?.listed) throw notFound('Course not found');
      if (course.tutorId !== caller(request).userId) {
        throw forbidden("Only the course's tutor can reply to its reviews");
      }
      const text = request.body.text.trim();
      if (!(await replyToReview(app.db, { courseId, reviewerId, text, at: new Date() }))) {
        throw notFound('Review not found');
      }
      return { message: 'Reply saved' };
    },
  );
}
