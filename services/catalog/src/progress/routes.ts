import {
  CATALOG_COURSE_COMPLETED,
  CATALOG_PROGRESS_RECORDED,
  type CallerIdentity,
  type CatalogCourseCompletedData,
  type CatalogProgressRecordedData,
} from '@liveedu/contracts';
import {
  badRequest,
  caller,
  conflict,
  errorResponses,
  isDuplicateKey,
  MessageReply,
  newEvent,
  notFound,
  ObjectIdString,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { contentWithIds } from '../domain/course.ts';
import { courseToLearn } from '../enrollment.ts';
import { type CourseDoc, collections } from '../store.ts';
import { nextItemProgress } from './next-item.ts';
import { PROGRESS, type ProgressDoc, progressId, progressOf } from './store.ts';
import { videoDurations } from './video-durations.ts';
import { checkReport, covered, MAX_SPANS_PER_REPORT, watchedPoints } from './watched.ts';

const ProgressView = Type.Object({
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  completedItems: Type.Integer({ minimum: 0 }),
  resume: Type.Union([Type.Object({ itemId: Type.String(), positionSec: Type.Number() }), Type.Null()]),
  items: Type.Array(
    Type.Object({ itemId: Type.String(), positionSec: Type.Number(), completed: Type.Boolean() }),
  ),
});

const Seconds = Type.Number({ minimum: 0, maximum: 86_400 });
const WRITE_ATTEMPTS = 8;

/** The hosted videos of a course's items. */
const hostedVideos = (items: Array<{ videoId?: string }>) =>
  items.flatMap((item) => (item.videoId ? [item.videoId] : []));

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

export default async function progressRoutes(app: ServiceApp): Promise<void> {
  const db = collections(app.db);
  const progress = progressOf(app.db);

  const learnable = (courseId: string, who: CallerIdentity) =>
    courseToLearn(db, courseId, who, 'Please buy this course to keep your progress');

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
        body: Type.Union(
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
        ),
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
      // The course's tutor and the admin may try the course; a certificate is for its students.
      const certifiable = who.role !== 'admin' && who.userId !== course.tutorId;
      const _id = progressId(who.userId, courseId);
      for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
        const before = await progress.findOne({ _id });
        const previous = before?.items[itemId];
        const now = new Date();
        const next = nextItemProgress({ previous, played, markedDone, hostedSec, now });
        const { watched, durationSec } = next;
        const all = { ...(before?.items ?? {}), [itemId]: next };
        const finished = !before?.completedAt && items.every((candidate) => all[candidate._id]?.completed);
        const events = [];
        const wasStarted = previous !== undefined && (previous.completed || covered(previous.watched) > 0);
        const seenBefore = watchedPoints(previous?.watched ?? [], previous?.durationSec ?? durationSec);
        const recorded: CatalogProgressRecordedData = {
          courseId,
          itemId,
          studentId: who.userId,
          started: !wasStarted && (next.completed || covered(watched) > 0),
          completed: next.completed && !(previous?.completed ?? false),
          newlyWatched: [...watchedPoints(watched, durationSec)].filter((k) => !seenBefore.has(k)),
        };
        if (recorded.started || recorded.completed || recorded.newlyWatched.length > 0) {
          events.push(newEvent(CATALOG_PROGRESS_RECORDED, recorded, { requestId: request.id }));
        }
        if (finished && certifiable) {
          events.push(
            newEvent(
              CATALOG_COURSE_COMPLETED,
              {
                studentId: who.userId,
                studentName: who.username,
                courseId,
                completedAt: now.toISOString(),
                durationSec: Math.round(
                  hostedVideos(items).reduce((sum, v) => sum + (durations.get(v) ?? 0), 0),
                ),
              } satisfies CatalogCourseCompletedData,
              { requestId: request.id },
            ),
          );
        }
        const resume = { itemId, positionSec: next.positionSec };
        const percent = Math.floor((100 * items.filter((i) => all[i._id]?.completed).length) / items.length);
        if (!before) {
          const doc: ProgressDoc = {
            _id,
            studentId: who.userId,
            courseId,
            items: { [itemId]: next },
            resume,
            ...(finished ? { completedAt: now } : {}),
            percent,
            rev: 1,
            updatedAt: now,
          };
          try {
            await app.outbox.insertOne<ProgressDoc>(PROGRESS, doc, events);
            return view(course, doc);
          } catch (error) {
            if (isDuplicateKey(error)) continue;
            throw error;
          }
        }
        const written = await app.outbox.updateOne<ProgressDoc>(
          PROGRESS,
          { _id, rev: before.rev },
          {
            $set: {
              [`items.${itemId}`]: next,
              resume,
              percent,
              updatedAt: now,
              ...(finished ? { completedAt: now } : {}),
            },
            $inc: { rev: 1 },
          },
          events,
        );
        if (written.modifiedCount === 1) {
          return view(course, { ...before, items: all, resume, ...(finished ? { completedAt: now } : {}) });
        }
      }
      throw conflict('Your progress changed meanwhile; please try again');
    },
  );
}
