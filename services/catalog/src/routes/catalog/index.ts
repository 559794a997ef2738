import {
  badRequest,
  MessageReply,
  NonBlank,
  notFound,
  ObjectIdString,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { escapeRegex, textKey } from '../../domain/text.ts';
import {
  CARD_PROJECTION,
  type CardSource,
  Category,
  CourseCard,
  CourseDetails,
  card,
  category,
  DELETED_USER,
  details,
  PublicReview,
  reviewUsers,
  TutorProfile,
  tutorProfile,
  urlsOf,
} from '../../present.ts';
import { collections } from '../../store.ts';

/** The home page's grids. */
const HOME_GRID = 8;
/** One page of the all-courses grid and of a category; `?page=` reads further. */
export const PAGE_SIZE = 48;
const SEARCH_LIMIT = 48;
const TUTOR_SEARCH_LIMIT = 24;
const INSTRUCTOR_COURSES_LIMIT = 100;
const MAX_QUERY_LENGTH = 100;

const Cards = Type.Array(CourseCard);
const PageQuery = Type.Object({ page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })) });
const pageOf = (query: { page?: string }) => Number(query.page ?? '1') - 1;

export default async function catalogRoutes(app: ServiceApp): Promise<void> {
  const db = collections(app.db);
  const listed = { listed: true } as const;
  const urls = urlsOf(app);
  const cards = (docs: CardSource[]) => docs.map((doc) => card(doc, urls));

  app.get(
    '/api/v1/get-all-category',
    {
      schema: {
        summary: 'Every category, in the order the home page shows them',
        response: { 200: Type.Object({ data: Type.Array(Category) }) },
      },
    },
    async () => {
      const list = await db.categories.find({}).sort({ position: 1 }).limit(200).toArray();
      return { data: list.map((c) => category(c, urls)) };
    },
  );

  app.get(
    '/api/v1/recently-added-courses',
    {
      schema: { summary: 'The newest courses', response: { 200: Type.Object({ courses: Cards }) } },
    },
    async () => {
      const docs = await db.courses
        .find(listed, { projection: CARD_PROJECTION })
        .sort({ createdAt: -1 })
        .limit(HOME_GRID)
        .toArray();
      return { courses: cards(docs as CardSource[]) };
    },
  );

  app.get(
    '/api/v1/courses-loved-by-students',
    {
      schema: {
        summary: 'The most enrolled courses, then the best rated',
        response: { 200: Type.Object({ courses: Cards }) },
      },
    },
    async () => {
      const docs = await db.courses
        .find(listed, { projection: CARD_PROJECTION })
        .sort({ enrolledCount: -1, ratingAverage: -1, createdAt: -1 })
        .limit(HOME_GRID)
        .toArray();
      return { courses: cards(docs as CardSource[]) };
    },
  );

  app.get(
    '/api/v1/get-top4-reviews',
    {
      schema: {
        summary: 'The four best reviews, newest first among equals',
        response: { 200: Type.Object({ reviews: Type.Array(PublicReview) }) },
      },
    },
    async () => {
      const top = await db.reviews.find(listed).sort({ rating: -1, createdAt: -1 }).limit(4).toArray();
      const users = await reviewUsers(
        db,
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
    '/api/v1/courses',
    {
      schema: {
        summary: 'All courses, newest first, a page at a time',
        querystring: PageQuery,
        response: { 200: Type.Object({ courses: Cards }) },
      },
    },
    async (request) => {
      const docs = await db.courses
        .find(listed, { projection: CARD_PROJECTION })
        .sort({ createdAt: -1 })
        .skip(pageOf(request.query) * PAGE_SIZE)
        .limit(PAGE_SIZE)
        .toArray();
      return { courses: cards(docs as CardSource[]) };
    },
  );

  app.get(
    '/api/v1/courses/:cat',
    {
      schema: {
        summary: 'The courses of a category, by its title',
        params: Type.Object({ cat: Type.String({ maxLength: 200 }) }),
        querystring: PageQuery,
        response: { 200: Type.Object({ courses: Type.Object({ courses: Cards }) }) },
      },
    },
    async (request) => {
      const docs = await db.courses
        .find({ listed: true, categoryKey: textKey(request.params.cat) }, { projection: CARD_PROJECTION })
        .sort({ createdAt: -1 })
        .skip(pageOf(request.query) * PAGE_SIZE)
        .limit(PAGE_SIZE)
        .toArray();
      return { courses: { courses: cards(docs as CardSource[]) } };
    },
  );

  app.get(
    '/api/v1/search/:query',
    {
      schema: {
        summary: 'Courses whose title or category, and tutors whose username, contain the text',
        params: Type.Object({ query: Type.String({ maxLength: 1000 }) }),
        response: {
          200: Type.Object({ courses: Cards, tutor: Type.Array(TutorProfile) }),
          400: MessageReply,
        },
      },
    },
    async (request) => {
      const text = textKey(request.params.query);
      if (text === '') throw badRequest('Nothing to search');
      if (text.length > MAX_QUERY_LENGTH) {
        throw badRequest(`Search text must be at most ${MAX_QUERY_LENGTH} characters`);
      }
      // The text is a literal, never a pattern; lower-cased keys make it case-insensitive
      // without the `i` flag, and each branch of $or runs on its own index.
      const pattern = { $regex: escapeRegex(text) };
      const [courses, tutors] = await Promise.all([
        db.courses
          .find(
            {
              $or: [
                { listed: true, titleKey: pattern },
                { listed: true, categoryKey: pattern },
              ],
            },
            { projection: CARD_PROJECTION },
          )
          .limit(SEARCH_LIMIT)
          .toArray(),
        db.tutors
          .find({ role: 'tutor', usernameKey: pattern })
          .sort({ usernameKey: 1 })
          .limit(TUTOR_SEARCH_LIMIT)
          .toArray(),
      ]);
      return { courses: cards(courses as CardSource[]), tutor: tutors.map(tutorProfile) };
    },
  );

  app.get(
    '/api/v1/viewUser/:username',
    {
      schema: {
        summary: "An instructor's public page",
        params: Type.Object({ username: NonBlank({ maxLength: 100 }) }),
        response: {
          200: Type.Object({
            user: Type.Object({ ...TutorProfile.properties, coursesCreated: Cards }),
          }),
          404: MessageReply,
        },
      },
    },
    async (request) => {
      const user = await db.tutors.findOne({ usernameKey: textKey(request.params.username) });
      if (!user) throw notFound('User not found');
      const docs = await db.courses
        .find({ tutorId: user._id, listed: true }, { projection: CARD_PROJECTION })
        .sort({ createdAt: -1 })
        .limit(INSTRUCTOR_COURSES_LIMIT)
        .toArray();
      return { user: { ...tutorProfile(user), coursesCreated: cards(docs as CardSource[]) } };
    },
  );

  app.get(
    '/api/v1/get-course-details/:id',
    {
      schema: {
        summary:
          "A course's public page: no video links or descriptions; studentsEnrolled holds the caller's id when the caller bought it",
        params: Type.Object({ id: ObjectIdString }),
        response: { 200: CourseDetails, 400: MessageReply, 404: MessageReply },
      },
    },
    async (request) => {
      const course = await db.courses.findOne(
        { _id: new ObjectId(request.params.id), listed: true },
        { projection: { countedTokens: 0 } },
      );
      if (!course) throw notFound('Course not found');
      return details(db, urls, course, request.identity?.userId ?? null);
    },
  );
}
