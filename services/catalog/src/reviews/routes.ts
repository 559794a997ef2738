import {
  badRequest,
  caller,
  forbidden,
  HAS_TEXT,
  MessageReply,
  notFound,
  ObjectIdString,
  paging,
  RuledString,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { checkReview, MAX_REVIEW_LENGTH, REQUIRED_MESSAGE, tooLong } from '../courses/domain.ts';
import { DELETED_USER, PublicReview, reviewUsers } from '../courses/present.ts';
import { COURSES } from '../courses/store.ts';
import { ENROLLMENTS, isEnrolled } from '../enrollment/store.ts';
import { highlightReview, topReviews } from './highlights.ts';
import { courseReviews, REVIEWS, reviewId, saveReview } from './store.ts';

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
    review: RuledString([
      { minLength: 1, pattern: HAS_TEXT, message: REQUIRED_MESSAGE },
      { maxLength: MAX_REVIEW_LENGTH, message: tooLong('Review', MAX_REVIEW_LENGTH) },
    ]),
  },
  { errorMessage: { required: REQUIRED_MESSAGE } },
);

export default async function reviewRoutes(app: ServiceApp): Promise<void> {
  const list = courseReviews(app.db);

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
        summary: "A course's reviews, newest first, a page at a time (its page shows the 10 newest)",
        params: Type.Object({ id: ObjectIdString }),
        ...paging.schema({ reviews: Type.Array(PublicReview) }, { responses: { 404: MessageReply } }),
      },
    },
    async (request) => {
      const courseId = request.params.id;
      if (!app.listing.get(courseId)) throw notFound('Course not found');
      const found = await paging.keyed(list, courseId, request.query);
      const rows = await REVIEWS.in(app.db)
        .find({ _id: { $in: found.ids } })
        .toArray();
      const byId = new Map(rows.map((r) => [r._id, r]));
      const users = await reviewUsers(
        app.db,
        rows.map((r) => r.userId),
      );
      const reviews = found.ids.flatMap((id) => {
        const r = byId.get(id);
        return r ? [{ rating: r.rating, comment: r.comment, user: users.get(r.userId) ?? DELETED_USER }] : [];
      });
      return { reviews, ...found.fields };
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
      const course = await COURSES.in(app.db).findOne({ _id }, { projection: { listed: 1 } });
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
      });
      // Newest first: an edited review moves to the front of the course's list.
      const row = reviewId(courseId, userId);
      await list.remove(courseId, row);
      await list.add(courseId, row);
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
