/**
 * The tutor's drop-off analytics, kept from `catalog.progress.recorded` events: per item, how many
 * students started and completed it, and how many watched each twentieth of it. A page view reads
 * one document per item by key; no progress record is scanned.
 */
import { storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import { RETENTION_POINTS } from '../progress/domain.ts';

/** Event ids an item's counts remember, so a redelivered event is not counted twice. */
const REMEMBERED_EVENTS = 200;

export interface ItemStatsDoc {
  _id: string;
  started: number;
  completed: number;
  /** `watched[k]`: students who watched the k-th twentieth of the item. */
  watched: number[];
  seen: string[];
}

export const ITEM_STATS = storedCollection<ItemStatsDoc>('item_stats');
const statsId = (courseId: string, itemId: string) => `${courseId}:${itemId}`;

/** What one progress report adds to an item's counts. */
export interface ProgressCounted {
  eventId: string;
  courseId: string;
  itemId: string;
  started: boolean;
  completed: boolean;
  newlyWatched: readonly number[];
}

/** Adds a report to its item's counts, once however often the event is delivered. */
export async function countProgress(db: Db, report: ProgressCounted): Promise<void> {
  const _id = statsId(report.courseId, report.itemId);
  const stats = ITEM_STATS.in(db);
  await stats.updateOne(
    { _id },
    { $setOnInsert: { started: 0, completed: 0, watched: new Array(RETENTION_POINTS).fill(0), seen: [] } },
    { upsert: true },
  );
  const inc: Record<string, number> = {};
  if (report.started) inc.started = 1;
  if (report.completed) inc.completed = 1;
  for (const k of report.newlyWatched) if (k >= 0 && k < RETENTION_POINTS) inc[`watched.${k}`] = 1;
  await stats.updateOne(
    { _id, seen: { $ne: report.eventId } },
    { $inc: inc, $push: { seen: { $each: [report.eventId], $slice: -REMEMBERED_EVENTS } } },
  );
}

/** The counts of a course's items, by item id; items nobody started are absent. */
export async function itemStats(db: Db, courseId: string, itemIds: readonly string[]) {
  const docs = await ITEM_STATS.in(db)
    .find({ _id: { $in: itemIds.map((itemId) => statsId(courseId, itemId)) } })
    .toArray();
  return new Map(docs.map((doc) => [doc._id.slice(courseId.length + 1), doc]));
}
