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
import { checkReview, MAX_REVIEW_LENGTH, REQUIRED_MESSAGE, tooLong } from '../../domain/course.ts';
import { isEnrolled } from '../../enrollment.ts';
import { highlightReview } from '../../highlights.ts';
import { CARD_PROJECTION, type CardSource, CourseCard, card, urlsOf } from '../../present.ts';
import { progressId, progressOf } from '../../progress/store.ts';
import { saveReview } from '../../reviews.ts';
import { collections, favouriteId, keyedLists, reviewId } from '../../store.ts';

const Id = Type.Object({ id: ObjectIdString });

export default async function studentRoutes(app: ServiceApp): Promise<void> {
  const db = collections(app.db);
  const lists = keyedLists(app.db);
  const urls = urlsOf(app);

  /** Cards for ids, in the order given; ids without a course (or not `listedOnly`) are left out. */
  async function cardsFor(ids: string[], listedOnly: boolean) {
    if (ids.length === 0) return [];
    const objectIds = ids.map((id) => new ObjectId(id));
    const docs = (await db.courses
      .find(listedOnly ? { _id: { $in: objectIds }, listed: true } : { _id: { $in: objectIds } }, {
        projection: CARD_PROJECTION,
      })
      .toArray()) as CardSource[];
    const byId = new Map(docs.map((d) => [d._id.toHexString(), d]));
    return ids.flatMap((id) => {
      const doc = byId.get(id);
      return doc ? [card(doc, urls)] : [];
    });
  }

  app.put(
    '/api/v1/add-to-favourite/:id',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Add a course to your favourites (repeating is harmless)',
        params: Id,
        response: { 200: MessageReply, 400: MessageReply, 404: MessageReply },
      },
    },
    async (request) => {
      const userId = caller(request).userId;
      const courseId = request.params.id;
      const course = await db.courses.findOne(
        { _id: new ObjectId(courseId), listed: true },
        { projection: { _id: 1 } },
      );
      if (!course) throw notFound('Course not found');
      // Adding twice leaves one favourite, added when it was first added.
      await db.favourites.updateOne(
        { _id: favouriteId(userId, courseId) },
        { $setOnInsert: { userId, courseId, addedAt: new Date() } },
        { upsert: true },
      );
      await lists.userFavourites.add(userId, courseId);
      return { message: 'Course added to favourites' };
    },
  );

  app.put(
    '/api/v1/remove-from-favourite/:id',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Remove a course from your favourites',
        params: Id,
        response: { 200: MessageReply, 400: MessageReply },
      },
    },
    async (request) => {
      const userId = caller(request).userId;
      await lists.userFavourites.remove(userId, request.params.id);
      await db.favourites.deleteOne({ _id: favouriteId(userId, request.params.id) });
      return { message: 'Course removed from favourites' };
    },
  );

  app.get(
    '/api/v1/getFavouriteBooks',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Your favourite courses, last added first, a page at a time',
        ...paging.schema({ favourites: Type.Array(CourseCard) }),
      },
    },
    async (request) => {
      const found = await paging.keyed(lists.userFavourites, caller(request).userId, request.query);
      return { favourites: await cardsFor(found.ids, true), ...found.fields };
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
      const found = await paging.keyed(lists.studentCourses, studentId, request.query);
      const [cards, progress] = await Promise.all([
        cardsFor(found.ids, false),
        progressOf(app.db)
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

  app.post(
    '/api/v1/create-review/:courseId',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Rate and review a course you are enrolled in; a second review replaces the first',
        params: Type.Object({ courseId: ObjectIdString }),
        // The rules of checkReview, stated for the published contract: a whole number of stars
        // from 1 to 5 (the site's form sends it as text) and a review that is not blank.
        body: Type.Object(
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
        ),
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
      const course = await db.courses.findOne({ _id }, { projection: { listed: 1 } });
      if (!course) throw notFound('Course not found');
      if (!(await isEnrolled(db.enrollments, courseId, userId))) {
        // A course no longer listed is as good as missing to those who did not buy it.
        throw course.listed
          ? forbidden('Only students enrolled in this course can review it')
          : notFound('Course not found');
      }
      const at = new Date();
      await saveReview(db, app.outbox, {
        courseId: _id,
        userId,
        rating: checked.value.rating,
        comment: checked.value.comment,
        listed: course.listed,
        at,
      });
      // Newest first: an edited review moves to the front of the course's list.
      const row = reviewId(courseId, userId);
      await lists.courseReviews.remove(courseId, row);
      await lists.courseReviews.add(courseId, row);
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
