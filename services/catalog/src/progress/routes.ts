import { CATALOG_INTERNAL, type CallerIdentity } from '@liveedu/contracts';
import {
  badRequest,
  caller,
  conflict,
  errorResponses,
  forbidden,
  internalSchema,
  MessageReply,
  notFound,
  ObjectIdString,
  requireServiceToken,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { type CourseItem, kindOf } from '../courses/domain.ts';
import { COURSES } from '../courses/store.ts';
import { courseToLearn, ENROLLMENTS, isEnrolled } from '../enrollment/store.ts';
import {
  checkReport,
  isItemCompleted,
  MAX_SPANS_PER_REPORT,
  percentCompleted,
  standingsOf,
} from './domain.ts';
import { nextItemProgress } from './next-item.ts';
import { hostedVideos, writeProgress } from './record.ts';
import { completedPercents, itemsOf, learnsAsStudent, lockedFor, standingIn } from './standing.ts';
import { type ProgressDoc, videoDurations } from './store.ts';

const ProgressView = Type.Object({
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  completedItems: Type.Integer({ minimum: 0 }),
  resume: Type.Union([Type.Object({ itemId: Type.String(), positionSec: Type.Number() }), Type.Null()]),
  items: Type.Array(
    Type.Object({ itemId: Type.String(), positionSec: Type.Number(), completed: Type.Boolean() }),
  ),
});

const Seconds = Type.Number({ minimum: 0, maximum: 86_400 });

const LOCKED_MESSAGE = 'Finish the previous item first';

/** The progress of a course's items, each completed by the rule of its kind. */
function view(items: ReturnType<typeof itemsOf>, doc: ProgressDoc | null, required: ReadonlySet<string>) {
  const standings = standingsOf(items, doc?.items ?? {}, required);
  const rows = items.map((item, i) => ({
    itemId: item._id,
    positionSec: doc?.items[item._id]?.positionSec ?? 0,
    completed: isItemCompleted(standings[i]!),
  }));
  const known = new Set(items.map((item) => item._id));
  const resume = doc?.resume && known.has(doc.resume.itemId) ? doc.resume : null;
  return {
    percent: percentCompleted(standings),
    completedItems: rows.filter((row) => row.completed).length,
    resume,
    items: rows,
  };
}

/** Why an item cannot take this report, by its kind; null when it can. */
function refusalFor(item: Pick<CourseItem, 'kind' | 'videoId'>, markedDone: boolean): string | null {
  switch (kindOf(item)) {
    case 'quiz':
      return 'A quiz is completed by passing it';
    case 'assignment':
      return 'An assignment is completed when it is graded as a pass';
    case 'article':
      return markedDone ? null : 'An article is completed by marking it as done';
    default:
      return markedDone && item.videoId ? 'A hosted video is completed by watching it' : null;
  }
}

/** A report of what was played, or an item without a hosted video marked as done. */
const ProgressReportBody = Type.Union(
  [
    Type.Object(
      {
        positionSec: Seconds,
        durationSec: Seconds,
        watchedRanges: Type.Array(Type.Tuple([Seconds, Seconds]), { maxItems: MAX_SPANS_PER_REPORT }),
        completed: Type.Optional(
          Type.Boolean({ description: 'Marks an item without a hosted video as done' }),
        ),
      },
      { description: 'What the player played of a hosted video' },
    ),
    Type.Object(
      { completed: Type.Literal(true) },
      { description: 'An item without a hosted video marked as done (a hosted video is a 400)' },
    ),
  ],
  { errorMessage: { anyOf: 'All fields are required' } },
);

export default async function progressRoutes(app: ServiceApp): Promise<void> {
  const learnable = (courseId: string, who: CallerIdentity) =>
    courseToLearn(app.db, courseId, who, 'Please buy this course to keep your progress');

  app.get(
    '/api/v1/progress/:courseId',
    {
      preHandler: requireUser,
      schema: {
        summary: 'How far you got in a course, and where to continue',
        params: Type.Object({ courseId: ObjectIdString }),
        response: { 200: ProgressView, ...errorResponses },
      },
    },
    async (request) => {
      const who = caller(request);
      const course = await learnable(request.params.courseId, who);
      const { items, progress, required } = await standingIn(app.db, course, who.userId, false);
      return view(items, progress, required);
    },
  );

  app.put(
    '/api/v1/progress/:courseId/:itemId',
    {
      preHandler: requireUser,
      schema: {
        summary:
          'Report what was played of a hosted video since the last report (every ~10 s and on pause), or mark a linked video or an article as done with {completed: true}; a quiz or an assignment is completed by passing it. In a sequential course a student reports an item once the one before it is completed (403 before).',
        params: Type.Object({ courseId: ObjectIdString, itemId: ObjectIdString }),
        body: ProgressReportBody,
        response: { 200: ProgressView, ...errorResponses, 409: MessageReply },
      },
    },
    async (request) => {
      const who = caller(request);
      const { courseId, itemId } = request.params;
      const course = await learnable(courseId, who);
      const student = learnsAsStudent(who, course);
      const { items, required, locked } = await standingIn(app.db, course, who.userId, student);
      const at = items.findIndex((candidate) => candidate._id === itemId);
      const item = items[at];
      if (!item) throw notFound('This course has no such item');
      if (locked[at]) throw forbidden(LOCKED_MESSAGE);
      const body = request.body;
      // The short form carries nothing played: an item without a hosted video marked as done.
      const played = 'durationSec' in body ? body : null;
      const markedDone = played === null || played.completed === true;
      const refusal = refusalFor(item, markedDone);
      if (refusal) throw badRequest(refusal);
      const problem = played && checkReport(played);
      if (problem) throw badRequest(problem);
      const durations = await videoDurations(app.db, hostedVideos(items));
      const hostedSec = item.videoId ? durations.get(item.videoId) : undefined;
      if (item.videoId && hostedSec === undefined) {
        throw conflict('This video is still being prepared; please try again in a moment');
      }
      // Nothing is played of an article: marking it done is all a report says.
      const counted = kindOf(item) === 'article' ? null : played;
      const saved = await writeProgress(app.db, app.outbox, {
        student: { userId: who.userId, username: who.username, certifiable: student },
        course,
        items,
        itemId,
        next: (previous, now) => nextItemProgress({ previous, played: counted, markedDone, hostedSec, now }),
        required,
        durations,
        moveResume: true,
        requestId: request.id,
      });
      return view(items, saved, required);
    },
  );
}

/**
 * What the learning service asks before it shows, grades or takes a hand-in for an item
 * (`CATALOG_INTERNAL.learnerItem`, which its typed client takes); the gateway never routes
 * `/internal/*`.
 */
export async function learnerItemRoutes(app: ServiceApp): Promise<void> {
  const onlyUs = requireServiceToken(app.config.internalSecret);
  const { learnerItem } = CATALOG_INTERNAL;

  app.get(learnerItem.path, { preHandler: onlyUs, schema: internalSchema(learnerItem) }, async (request) => {
    const { courseId, itemId, userId } = request.params;
    const course = await COURSES.in(app.db).findOne({ _id: new ObjectId(courseId) });
    if (!course) throw notFound('Course not found');
    const access: 'admin' | 'tutor' | 'student' | 'none' =
      request.query.role === 'admin'
        ? 'admin'
        : course.tutorId === userId
          ? 'tutor'
          : (await isEnrolled(ENROLLMENTS.in(app.db), courseId, userId))
            ? 'student'
            : 'none';
    // A course no longer listed is as good as missing to whoever does not have it.
    if (access === 'none' && !course.listed) throw notFound('Course not found');
    const item = itemsOf(course).find((candidate) => candidate._id === itemId);
    if (!item) throw notFound('This course has no such item');
    // Nothing is locked for the course's tutor or the admin, nor for someone who cannot open it.
    const locked = access === 'student' && (await lockedFor(app.db, course, userId, true)).has(itemId);
    return {
      access,
      tutorId: course.tutorId,
      courseTitle: course.title,
      itemTitle: item.videoTitle,
      kind: kindOf(item),
      locked,
    };
  });
}

/**
 * What the payments service asks for a refund's rule and the order history: how much of each
 * course a student completed (`CATALOG_INTERNAL.learnerStandings`); the gateway never routes
 * `/internal/*`.
 */
export async function learnerStandingRoutes(app: ServiceApp): Promise<void> {
  const onlyUs = requireServiceToken(app.config.internalSecret);
  const { learnerStandings } = CATALOG_INTERNAL;

  app.get(
    learnerStandings.path,
    { preHandler: onlyUs, schema: internalSchema(learnerStandings) },
    async (request) => {
      const courseIds = request.query.courseIds.toLowerCase().split(',');
      const percents = await completedPercents(
        app.db,
        app.listing,
        request.params.studentId.toLowerCase(),
        courseIds,
      );
      return {
        standings: [...percents].map(([courseId, completedPercent]) => ({ courseId, completedPercent })),
      };
    },
  );
}
