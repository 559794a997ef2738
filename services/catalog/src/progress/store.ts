import { isDuplicateKey, storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import type { Span } from './domain.ts';

export interface ItemProgress {
  positionSec: number;
  durationSec: number;
  /** The union of what was played, in seconds. */
  watched: Span[];
  /**
   * The item's own part is done: a video watched to 90% (or a link marked done), an article
   * marked done. Whether the item is completed also depends on its kind and on `passed`
   * (`isItemCompleted` in domain.ts); progress written before items had kinds holds videos only.
   */
  completed: boolean;
  /** Its quiz or assignment was passed (`learning.item.passed`): an in-video quiz, or the item's own. */
  passed?: true;
  /** When the item was last reported (hosted videos: what the next report may add counts from it). */
  reportedAt?: Date;
}

/** One student's progress in one course (`_id` is `studentId:courseId`). */
export interface ProgressDoc {
  _id: string;
  studentId: string;
  courseId: string;
  items: Record<string, ItemProgress>;
  /** The last item reported, where "Continue" opens the player. */
  resume: { itemId: string; positionSec: number } | null;
  /** When the course was finished: set once, by the write that finished it (and sent its certificate). */
  completedAt?: Date;
  /** Completed items in percent of the course's items when last written (for lists of courses). */
  percent: number;
  /** Bumped by every write: a write that read an older one is refused and retried. */
  rev: number;
  updatedAt: Date;
}

export const PROGRESS = storedCollection<ProgressDoc>('progress');

export const progressId = (studentId: string, courseId: string) => `${studentId}:${courseId}`;

/**
 * Whether a certificate needs an item's quiz or assignment passed, as its tutor last saved it
 * (`learning.requirement.changed`); `_id` is `courseId:itemId`. An item without one requires nothing.
 */
export interface ItemRequirementDoc {
  _id: string;
  courseId: string;
  itemId: string;
  required: boolean;
  /** Orders the saves of one item: an older or repeated one changes nothing. */
  version: number;
}

export const ITEM_REQUIREMENTS = storedCollection<ItemRequirementDoc>('item_requirements', [
  { key: { courseId: 1 }, name: 'by_course' },
]);

/** Keeps a saved requirement unless one as new or newer is kept already. */
export async function keepRequirement(
  db: Db,
  saved: { courseId: string; itemId: string; required: boolean; version: number },
): Promise<void> {
  const _id = `${saved.courseId}:${saved.itemId}`;
  try {
    await ITEM_REQUIREMENTS.in(db).updateOne(
      { _id, version: { $lt: saved.version } },
      { $set: { ...saved } },
      { upsert: true },
    );
  } catch (error) {
    // The item has a requirement of this version or a later one: the upsert's insert collided.
    if (!isDuplicateKey(error)) throw error;
  }
}

/** The items of a course that require their quiz or assignment passed. */
export async function requiredItems(db: Db, courseId: string): Promise<Set<string>> {
  const docs = await ITEM_REQUIREMENTS.in(db)
    .find({ courseId, required: true }, { projection: { itemId: 1 } })
    .toArray();
  return new Set(docs.map((doc) => doc.itemId));
}

/** The items requiring a pass, of each of the given courses (a course requiring none is left out). */
export async function requiredItemsByCourse(
  db: Db,
  courseIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const docs = await ITEM_REQUIREMENTS.in(db)
    .find({ courseId: { $in: [...courseIds] }, required: true }, { projection: { courseId: 1, itemId: 1 } })
    .toArray();
  const byCourse = new Map<string, Set<string>>();
  for (const doc of docs) {
    const items = byCourse.get(doc.courseId) ?? new Set<string>();
    items.add(doc.itemId);
    byCourse.set(doc.courseId, items);
  }
  return byCourse;
}

export interface VideoDurationDoc {
  /** The video's id. */
  _id: string;
  durationSec: number;
}

/**
 * How long each hosted video is, as the media service's probe measured it (`media.video.ready`):
 * what progress and certificates count, never a length a player reports.
 */
export const VIDEO_DURATIONS = storedCollection<VideoDurationDoc>('video_durations');

/** Keeps a video's probed length; writing the same value again changes nothing. */
export async function keepDuration(db: Db, videoId: string, durationSec: number): Promise<void> {
  await VIDEO_DURATIONS.in(db).updateOne({ _id: videoId }, { $set: { durationSec } }, { upsert: true });
}

/** The probed lengths of the given videos that are known, by video id. */
export async function videoDurations(db: Db, videoIds: readonly string[]): Promise<Map<string, number>> {
  if (videoIds.length === 0) return new Map();
  const docs = await VIDEO_DURATIONS.in(db)
    .find({ _id: { $in: [...new Set(videoIds)] } })
    .toArray();
  return new Map(docs.map((doc) => [doc._id, doc.durationSec]));
}
