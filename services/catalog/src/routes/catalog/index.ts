import {
  badRequest,
  HAS_TEXT,
  MessageReply,
  NonBlank,
  notFound,
  ObjectIdString,
  paging,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { textKey } from '../../domain/text.ts';
import { isEnrolled } from '../../enrollment.ts';
import { topReviews } from '../../highlights.ts';
import type { ListedCourse } from '../../listing/course-listing.ts';
import {
  Category,
  CourseCard,
  CourseDetails,
  category,
  DELETED_USER,
  listedCard,
  PublicReview,
  reviewUsers,
  TutorProfile,
  tutorProfile,
  urlsOf,
} from '../../present.ts';
import { collections, keyedLists } from '../../store.ts';

/** The home page's grids. */
const HOME_GRID = 8;
const TUTOR_SEARCH_LIMIT = 24;
const MAX_QUERY_LENGTH = 100;
const NOTHING_TO_SEARCH = 'Nothing to search';

const Cards = Type.Array(CourseCard, {
  description: "Course cards; each card's `reviews` holds at most its 10 newest ratings",
});

export default async function catalogRoutes(app: ServiceApp): Promise<void> {
  const db = collections(app.db);
  const urls = urlsOf(app);
  const cards = (courses: ListedCourse[]) => courses.map((course) => listedCard(course, urls));
  const listing = () => app.listing;

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
    async () => ({ courses: cards(listing().newest({ page: 1, limit: HOME_GRID }).items) }),
  );

  app.get(
    '/api/v1/courses-loved-by-students',
    {
      schema: {
        summary: 'The most enrolled courses, then the best rated',
        response: { 200: Type.Object({ courses: Cards }) },
      },
    },
    async () => ({ courses: cards(listing().loved(HOME_GRID)) }),
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
      const top = await topReviews(app.db, 4, (courseId) => listing().get(courseId) !== undefined);
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
        ...paging.schema({ courses: Cards }),
      },
    },
    async (request) => {
      const page = paging.request(request.query);
      const found = listing().newest(page);
      return { courses: cards(found.items), ...paging.fields(found.total, page) };
    },
  );

  app.get(
    '/api/v1/courses/:cat',
    {
      schema: {
        summary: 'The courses of a category, by its title, newest first, a page at a time',
        params: Type.Object({ cat: Type.String({ maxLength: 200 }) }),
        ...paging.schema({ courses: Type.Object({ courses: Cards }) }),
      },
    },
    async (request) => {
      const page = paging.request(request.query);
      const found = listing().newest({ ...page, categoryKey: textKey(request.params.cat) });
      return { courses: { courses: cards(found.items) }, ...paging.fields(found.total, page) };
    },
  );

  app.get(
    '/api/v1/search/:query',
    {
      schema: {
        summary:
          'Courses matching the words (title first, then tutor, category and description; prefixes and small typos match), a page at a time, and tutors whose username contains the text',
        params: Type.Object({
          query: Type.String({
            maxLength: 1000,
            pattern: HAS_TEXT,
            errorMessage: { pattern: NOTHING_TO_SEARCH },
            description:
              'The words searched for; at least one character that is not white space (only white space is a 400 "Nothing to search")',
          }),
        }),
        ...paging.schema({ courses: Cards, tutor: Type.Array(TutorProfile) }),
      },
    },
    async (request) => {
      const text = request.params.query.trim();
      if (text === '') throw badRequest(NOTHING_TO_SEARCH);
      if (text.length > MAX_QUERY_LENGTH) {
        throw badRequest(`Search text must be at most ${MAX_QUERY_LENGTH} characters`);
      }
      const page = paging.request(request.query);
      const found = listing().search(text, page);
      return {
        courses: cards(found.items),
        tutor: listing().searchTutors(text, TUTOR_SEARCH_LIMIT),
        ...paging.fields(found.total, page),
      };
    },
  );

  app.get(
    '/api/v1/viewUser/:username',
    {
      schema: {
        summary: "An instructor's public page, with their courses newest first, a page at a time",
        params: Type.Object({ username: NonBlank({ maxLength: 100 }) }),
        ...paging.schema(
          { user: Type.Object({ ...TutorProfile.properties, coursesCreated: Cards }) },
          { responses: { 404: MessageReply } },
        ),
      },
    },
    async (request) => {
      const key = textKey(request.params.username);
      // Only tutors have a page: anyone else's name answers as a name nobody has.
      const user =
        listing().tutorByUsername(key) ?? (await db.tutors.findOne({ usernameKey: key, role: 'tutor' }));
      if (!user) throw notFound('User not found');
      const page = paging.request(request.query);
      const found = listing().newest({ ...page, tutorId: user._id });
      return {
        user: { ...tutorProfile(user), coursesCreated: cards(found.items) },
        ...paging.fields(found.total, page),
      };
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
      const courseId = request.params.id;
      const viewerId = request.identity?.userId ?? null;
      const page = await app.coursePages.get(courseId);
      if (!page) throw notFound('Course not found');
      const enrolled = viewerId ? await isEnrolled(db.enrollments, courseId, viewerId) : false;
      return { ...page, studentsEnrolled: enrolled && viewerId ? [viewerId] : [] };
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
      if (!listing().get(courseId)) throw notFound('Course not found');
      const found = await paging.keyed(keyedLists(app.db).courseReviews, courseId, request.query);
      const rows = await db.reviews.find({ _id: { $in: found.ids } }).toArray();
      const byId = new Map(rows.map((r) => [r._id, r]));
      const users = await reviewUsers(
        db,
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
