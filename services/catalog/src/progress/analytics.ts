/**
 * The tutor's drop-off analytics, kept from `catalog.progress.recorded` events: per item, how many
 * students started and completed it, and how many watched each twentieth of it. A page view reads
 * one document per item by key; no progress record is scanned.
 */
import { CATALOG_PROGRESS_RECORDED, type CatalogProgressRecorded } from '@liveedu/contracts';
import {
  caller,
  type EventHandler,
  errorResponses,
  forbidden,
  notFound,
  ObjectIdString,
  requireRole,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';
import { contentWithIds } from '../domain/course.ts';
import { collections } from '../store.ts';
import { RETENTION_POINTS } from './watched.ts';

export const ITEM_STATS = 'item_stats';
/** Event ids an item's counts remember, so a redelivered event is not counted twice. */
const REMEMBERED_EVENTS = 200;

interface ItemStatsDoc {
  _id: string;
  started: number;
  completed: number;
  /** `watched[k]`: students who watched the k-th twentieth of the item. */
  watched: number[];
  seen: string[];
}

const statsOf = (db: Db) => db.collection<ItemStatsDoc>(ITEM_STATS);
const statsId = (courseId: string, itemId: string) => `${courseId}:${itemId}`;

export const onProgressRecorded: EventHandler<CatalogProgressRecorded> = {
  event: CATALOG_PROGRESS_RECORDED,
  name: 'on-progress-recorded',
  async handle(event, { db }) {
    const { courseId, itemId, started, completed, newlyWatched } = event.data;
    const _id = statsId(courseId, itemId);
    const stats = statsOf(db);
    await stats.updateOne(
      { _id },
      { $setOnInsert: { started: 0, completed: 0, watched: new Array(RETENTION_POINTS).fill(0), seen: [] } },
      { upsert: true },
    );
    const inc: Record<string, number> = {};
    if (started) inc.started = 1;
    if (completed) inc.completed = 1;
    for (const k of newlyWatched) if (k >= 0 && k < RETENTION_POINTS) inc[`watched.${k}`] = 1;
    await stats.updateOne(
      { _id, seen: { $ne: event.id } },
      { $inc: inc, $push: { seen: { $each: [event.id], $slice: -REMEMBERED_EVENTS } } },
    );
  },
};

const ItemAnalytics = Type.Object({
  itemId: Type.String(),
  videoTitle: Type.String(),
  hosted: Type.Boolean(),
  started: Type.Integer(),
  completed: Type.Integer(),
  /** Shares of the course's students, 0–1. */
  startedShare: Type.Number(),
  completedShare: Type.Number(),
  /** For a hosted video: the share of its viewers still watching at each 5% of its length. */
  retention: Type.Union([Type.Array(Type.Number()), Type.Null()]),
});

export default async function analyticsRoutes(app: ServiceApp): Promise<void> {
  const db = collections(app.db);
  app.get(
    '/api/v1/course-analytics/:courseId',
    {
      preHandler: requireRole('tutor', 'admin'),
      schema: {
        summary: "Where a course's students start, finish and drop off, item by item",
        params: Type.Object({ courseId: ObjectIdString }),
        response: {
          200: Type.Object({
            courseId: Type.String(),
            enrolled: Type.Integer(),
            items: Type.Array(ItemAnalytics),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const who = caller(request);
      const course = await db.courses.findOne({ _id: new ObjectId(request.params.courseId) });
      if (!course) throw notFound('Course not found');
      // Another tutor's course is public while listed; once withdrawn it is as good as missing.
      if (who.role !== 'admin' && course.tutorId !== who.userId) {
        throw course.listed ? forbidden('This course is not yours') : notFound('Course not found');
      }
      const courseId = course._id.toHexString();
      const items = contentWithIds(
        courseId,
        course.sections.map((s) => s.items),
      ).flat();
      const stats = new Map(
        (
          await statsOf(app.db)
            .find({ _id: { $in: items.map((i) => statsId(courseId, i._id)) } })
            .toArray()
        ).map((s) => [s._id, s]),
      );
      const enrolled = course.enrolledCount ?? 0;
      const share = (n: number, of: number) => (of > 0 ? Math.min(1, n / of) : 0);
      return {
        courseId,
        enrolled,
        items: items.map((item) => {
          const s = stats.get(statsId(courseId, item._id));
          const started = s?.started ?? 0;
          return {
            itemId: item._id,
            videoTitle: item.videoTitle,
            hosted: Boolean(item.videoId),
            started,
            completed: s?.completed ?? 0,
            startedShare: share(started, enrolled),
            completedShare: share(s?.completed ?? 0, enrolled),
            retention: item.videoId
              ? (s?.watched ?? new Array(RETENTION_POINTS).fill(0)).map((w) => share(w, started))
              : null,
          };
        }),
      };
    },
  );
}
