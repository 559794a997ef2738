import type { CallerIdentity } from '@liveedu/contracts';
import {
  badRequest,
  caller,
  conflict,
  errorResponses,
  MessageReply,
  notFound,
  ObjectIdString,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { contentWithIds } from '../courses/domain.ts';
import type { CourseDoc } from '../courses/store.ts';
import { courseToLearn } from '../enrollment/store.ts';
import { checkReport, MAX_SPANS_PER_REPORT } from './domain.ts';
import { hostedVideos, recordProgress } from './record.ts';
import { PROGRESS, type ProgressDoc, progressId, videoDurations } from './store.ts';

const ProgressView = Type.Object({
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  completedItems: Type.Integer({ minimum: 0 }),
  resume: Type.Union([Type.Object({ itemId: Type.String(), positionSec: Type.Number() }), Type.Null()]),
  items: Type.Array(
    Type.Object({ itemId: Type.String(), positionSec: Type.Number(), completed: Type.Boolean() }),
  ),
});

const Seconds = Type.Number({ minimum: 0, maximum: 86_400 });

/** A course's items, with ids, in order. */
const itemsOf = (course: CourseDoc) =>
  contentWithIds(
    course._id.toHexString(),
    course.sections.map((s) => s.items),
  ).flat();

function view(course: CourseDoc, doc: ProgressDoc | null) {
  const items = itemsOf(course).map((item) => {
    const mine = doc?.items[item._id];
    return { itemId: item._id, positionSec: mine?.positionSec ?? 0, completed: mine?.completed ?? false };
  });
  const completedItems = items.filter((item) => item.completed).length;
  const known = new Set(items.map((item) => item.itemId));
  const resume = doc?.resume && known.has(doc.resume.itemId) ? doc.resume : null;
  return {
    percent: items.length === 0 ? 0 : Math.floor((100 * completedItems) / items.length),
    completedItems,
    resume,
    items,
  };
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
  const progress = PROGRESS.in(app.db);

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
      return view(course, await progress.findOne({ _id: progressId(who.userId, request.params.courseId) }));
    },
  );

  app.put(
    '/api/v1/progress/:courseId/:itemId',
    {
      preHandler: requireUser,
      schema: {
        summary:
          'Report what was played of a hosted video since the last report (every ~10 s and on pause), or mark an item without one as done with {completed: true}',
        params: Type.Object({ courseId: ObjectIdString, itemId: ObjectIdString }),
        body: ProgressReportBody,
        response: { 200: ProgressView, ...errorResponses, 409: MessageReply },
      },
    },
    async (request) => {
      const who = caller(request);
      const { courseId, itemId } = request.params;
      const course = await learnable(courseId, who);
      const items = itemsOf(course);
      const item = items.find((candidate) => candidate._id === itemId);
      if (!item) throw notFound('This course has no such item');
      const body = request.body;
      // The short form carries nothing played: an item without a hosted video marked as done.
      const played = 'durationSec' in body ? body : null;
      const markedDone = played === null || played.completed === true;
      if (markedDone && item.videoId) throw badRequest('A hosted video is completed by watching it');
      const problem = played && checkReport(played);
      if (problem) throw badRequest(problem);
      const durations = await videoDurations(app.db, hostedVideos(items));
      const hostedSec = item.videoId ? durations.get(item.videoId) : undefined;
      if (item.videoId && hostedSec === undefined) {
        throw conflict('This video is still being prepared; please try again in a moment');
      }
      const saved = await recordProgress(app.db, app.outbox, {
        who,
        course,
        items,
        itemId,
        played,
        markedDone,
        hostedSec,
        durations,
        requestId: request.id,
      });
      return view(course, saved);
    },
  );
}
