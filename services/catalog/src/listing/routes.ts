import { badRequest, HAS_TEXT, paging, type ServiceApp, Type } from '@liveedu/service-kit';
import { textKey } from '../courses/domain.ts';
import { CourseCards as Cards, listedCard, TutorProfile, urlsOf } from '../courses/present.ts';
import type { ListedCourse } from './course-listing.ts';
import { browseOf, FacetsSchema, ListQuery, SearchQuery } from './filters.ts';

/** The home page's grids. */
const HOME_GRID = 8;
const TUTOR_SEARCH_LIMIT = 24;
const MAX_QUERY_LENGTH = 100;
const NOTHING_TO_SEARCH = 'Nothing to search';

const cardsOf = (app: ServiceApp) => {
  const urls = urlsOf(app);
  return (courses: ListedCourse[]) => courses.map((course) => listedCard(course, urls));
};

/** The home page's grids and the browsing of every course or a category's, from the listing. */
export default async function listingRoutes(app: ServiceApp): Promise<void> {
  const cards = cardsOf(app);
  const listing = () => app.listing;

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
    '/api/v1/courses',
    {
      schema: {
        summary: 'All courses, newest first, a page at a time',
        ...paging.schema({ courses: Cards, facets: FacetsSchema }, { query: ListQuery }),
      },
    },
    async (request) => {
      const page = paging.request(request.query);
      const found = listing().browse({ ...page, ...browseOf(request.query, 'newest') });
      return { courses: cards(found.items), facets: found.facets, ...paging.fields(found.total, page) };
    },
  );

  app.get(
    '/api/v1/courses/:cat',
    {
      schema: {
        summary: 'The courses of a category, by its title, newest first, a page at a time',
        params: Type.Object({ cat: Type.String({ maxLength: 200 }) }),
        ...paging.schema(
          { courses: Type.Object({ courses: Cards }), facets: FacetsSchema },
          { query: ListQuery },
        ),
      },
    },
    async (request) => {
      const page = paging.request(request.query);
      const found = listing().browse({
        ...page,
        ...browseOf(request.query, 'newest'),
        categoryKey: textKey(request.params.cat),
      });
      return {
        courses: { courses: cards(found.items) },
        facets: found.facets,
        ...paging.fields(found.total, page),
      };
    },
  );
}

/** Search over the listing: courses by words, and tutors by name. */
export async function searchRoutes(app: ServiceApp): Promise<void> {
  const cards = cardsOf(app);
  const listing = () => app.listing;

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
        ...paging.schema(
          { courses: Cards, tutor: Type.Array(TutorProfile), facets: FacetsSchema },
          { query: SearchQuery },
        ),
      },
    },
    async (request) => {
      const text = request.params.query.trim();
      if (text === '') throw badRequest(NOTHING_TO_SEARCH);
      if (text.length > MAX_QUERY_LENGTH) {
        throw badRequest(`Search text must be at most ${MAX_QUERY_LENGTH} characters`);
      }
      const page = paging.request(request.query);
      const found = listing().browse({ ...page, ...browseOf(request.query, 'relevance'), text });
      return {
        courses: cards(found.items),
        tutor: listing().searchTutors(text, TUTOR_SEARCH_LIMIT),
        facets: found.facets,
        ...paging.fields(found.total, page),
      };
    },
  );
}
