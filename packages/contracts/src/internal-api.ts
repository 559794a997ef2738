import { type TObject, type TSchema, Type } from 'typebox';
import { SESSION_ID } from './identity.ts';

/**
 * The calls services make to each other over HTTP (`/internal/*`, never routed by the gateway),
 * declared once: the callee serves each with these schemas, the caller's typed client
 * (`internalClient` in the service kit) takes only these and checks every answer against them.
 */
export interface InternalRoute {
  method: 'GET' | 'POST';
  path: string;
  params: TObject;
  query?: TObject;
  body?: TObject;
  /** The answer of a call that went through (200). */
  response: TSchema;
  /** Other statuses the callee answers on purpose, with `{message}`; anything else is a failure. */
  errors: readonly number[];
}

const ObjectId = Type.String({ pattern: '^[0-9a-fA-F]{24}$' });
const OfTutor = Type.Object({ tutorId: ObjectId });

/**
 * A question the media service asks the catalog about one video of a tutor (`?tutorId=`), answered
 * from that tutor's courses; always answered (no error statuses).
 */
const aboutVideo = <Params extends TObject, Response extends TSchema>(
  path: string,
  params: Params,
  response: Response,
) => ({ method: 'GET', path, params, query: OfTutor, response, errors: [] }) as const;

const RoleName = Type.Union([Type.Literal('student'), Type.Literal('tutor'), Type.Literal('admin')]);
/** `?role=`: the caller's role, which the callee answers for. */
const AsRole = Type.Object({ role: RoleName });
/**
 * How a user takes part in a course: its student (enrolled), its tutor, the admin, or none; with
 * the course's tutor and title.
 */
const CourseAccess = Type.Object({
  access: Type.Union([...RoleName.anyOf, Type.Literal('none')]),
  tutorId: Type.String(),
  courseTitle: Type.String(),
});

/** What a sitemap lists (ADR 13): listed courses by id, teaching tutors by username, categories by name. */
export const SITEMAP_KINDS = ['courses', 'instructors', 'categories'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];
/** Addresses per sitemap file (the protocol allows 50,000). */
export const SITEMAP_PAGE_SIZE = 10_000;
/** Students per page of `courseStudents`. */
export const COURSE_STUDENTS_PAGE = 5_000;

export const CATALOG_INTERNAL = {
  /** A page of what the public pages are about, for the sitemap the gateway answers. */
  sitemap: {
    method: 'GET',
    path: '/internal/sitemap/:kind',
    params: Type.Object({
      kind: Type.Union([Type.Literal('courses'), Type.Literal('instructors'), Type.Literal('categories')]),
    }),
    // Query strings stay strings (no coercion): a page from 1 to 999.
    query: Type.Object({ page: Type.String({ pattern: '^[1-9][0-9]{0,2}$' }) }),
    response: Type.Object({ keys: Type.Array(Type.String()), pages: Type.Integer({ minimum: 0 }) }),
    errors: [],
  },
  /** Whether a user bought a course of the video's tutor that plays the video. */
  videoViewer: aboutVideo(
    '/internal/videos/:videoId/viewers/:userId',
    Type.Object({ videoId: ObjectId, userId: ObjectId }),
    Type.Object({ allowed: Type.Boolean() }),
  ),
  /** Whether a listed course of the video's tutor offers it as a free preview, to anyone. */
  videoPreview: aboutVideo(
    '/internal/videos/:videoId/preview',
    Type.Object({ videoId: ObjectId }),
    Type.Object({ preview: Type.Boolean() }),
  ),
  /** The courses of the video's tutor that play it (deleted ones too: their students keep access). */
  videoCourses: aboutVideo(
    '/internal/videos/:videoId/courses',
    Type.Object({ videoId: ObjectId }),
    Type.Object({ courseIds: Type.Array(Type.String()) }),
  ),
  /**
   * What checkout needs of a course: its price, title and tutor, and whether the buyer has it
   * already. A course no longer listed is found only for a buyer who has it (404 otherwise).
   */
  courseForSale: {
    method: 'GET',
    path: '/internal/courses/:courseId/sale',
    params: Type.Object({ courseId: ObjectId }),
    query: Type.Object({ buyerId: ObjectId }),
    response: Type.Object({
      _id: Type.String(),
      title: Type.String(),
      pricePaise: Type.Integer({ minimum: 0 }),
      tutorId: Type.String(),
      tutorUsername: Type.String(),
      /** The buyer is enrolled already (bought here or enrolled otherwise). */
      enrolled: Type.Boolean(),
    }),
    /** 404: no such course on sale. */
    errors: [404],
  },
  /**
   * What the learning service needs of one item for one user (`?role=` the caller's role): how
   * the user may use it (the course's student, its tutor, the admin, or none), what kind of item
   * it is, and whether it is still locked for them (a sequential course opens each item once the
   * one before is completed; never locked for the tutor or the admin). 404: no such course or
   * item, or a course no longer listed that the user does not have.
   */
  learnerItem: {
    method: 'GET',
    path: '/internal/courses/:courseId/items/:itemId/learners/:userId',
    params: Type.Object({ courseId: ObjectId, itemId: ObjectId, userId: ObjectId }),
    query: AsRole,
    response: Type.Object({
      ...CourseAccess.properties,
      itemTitle: Type.String(),
      kind: Type.Union([
        Type.Literal('video'),
        Type.Literal('article'),
        Type.Literal('quiz'),
        Type.Literal('assignment'),
      ]),
      locked: Type.Boolean(),
    }),
    errors: [404],
  },
  /**
   * How a user may take part in a course's questions and announcements (`?role=` the caller's
   * role): its student (enrolled), its tutor, the admin, or none; with the course's tutor and
   * title. 404: no such course, or a course no longer listed that the user does not have.
   */
  courseMember: {
    method: 'GET',
    path: '/internal/courses/:courseId/members/:userId',
    params: Type.Object({ courseId: ObjectId, userId: ObjectId }),
    query: AsRole,
    response: CourseAccess,
    errors: [404],
  },
  /**
   * The students enrolled in a course, a page at a time in an order that stays the same between
   * pages: up to `COURSE_STUDENTS_PAGE` ids after `after` (exclusive; none for the first page),
   * and the id to ask after next (`null` on the last page). A course the catalog does not know
   * has none.
   */
  courseStudents: {
    method: 'GET',
    path: '/internal/courses/:courseId/students',
    params: Type.Object({ courseId: ObjectId }),
    query: Type.Object({ after: Type.Optional(ObjectId) }),
    response: Type.Object({
      studentIds: Type.Array(Type.String()),
      next: Type.Union([Type.String(), Type.Null()]),
    }),
    errors: [],
  },
  /**
   * How much of each course a student completed, from the catalog's progress: what a refund's
   * rule and the order history read. Up to `LEARNER_STANDINGS_MAX` course ids, comma-separated; a
   * course the catalog does not know is left out of the answer.
   */
  learnerStandings: {
    method: 'GET',
    path: '/internal/learners/:studentId/standings',
    params: Type.Object({ studentId: ObjectId }),
    query: Type.Object({
      courseIds: Type.String({ pattern: '^[0-9a-fA-F]{24}(,[0-9a-fA-F]{24}){0,23}$' }),
    }),
    response: Type.Object({
      standings: Type.Array(
        Type.Object({
          courseId: Type.String(),
          /** Items completed, in percent of the course's items (as the student's progress shows it). */
          completedPercent: Type.Integer({ minimum: 0, maximum: 100 }),
        }),
      ),
    }),
    errors: [],
  },
  /**
   * The courses a student is enrolled in (ids, newest enrollment first, at most
   * `LEARNER_COURSES_MAX`): what a student's upcoming live classes are gathered from.
   */
  learnerCourses: {
    method: 'GET',
    path: '/internal/learners/:studentId/courses',
    params: Type.Object({ studentId: ObjectId }),
    response: Type.Object({ courseIds: Type.Array(Type.String()) }),
    errors: [],
  },
} as const satisfies Record<string, InternalRoute>;

/** Most course ids `learnerCourses` answers. */
export const LEARNER_COURSES_MAX = 1_000;

/** Most courses one `learnerStandings` call asks about (a page of the order history). */
export const LEARNER_STANDINGS_MAX = 24;

export const IDENTITY_INTERNAL = {
  /** A user's current role, when the token's session and token version still stand (401 if not). */
  userAccess: {
    method: 'GET',
    path: '/internal/users/:id/access',
    params: Type.Object({ id: ObjectId }),
    query: Type.Object({
      sid: Type.String({ pattern: SESSION_ID.source }),
      tv: Type.String({ pattern: '^[0-9]{1,9}$' }),
    }),
    response: Type.Object({
      userId: Type.String(),
      username: Type.String(),
      role: RoleName,
    }),
    /** 404: the user is gone; 401: the session ended; 400: an id or session identity never issues. */
    errors: [400, 401, 404],
  },
  /** Whether `password` is the user's (ten tries an hour per user: 429). */
  passwordCheck: {
    method: 'POST',
    path: '/internal/users/:id/password-check',
    params: Type.Object({ id: ObjectId }),
    body: Type.Object({ password: Type.String({ maxLength: 200 }) }),
    response: Type.Object({ matches: Type.Boolean() }),
    errors: [429],
  },
} as const satisfies Record<string, InternalRoute>;
