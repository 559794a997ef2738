import { storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import type { Span } from './domain.ts';

export interface ItemProgress {
  positionSec: number;
  durationSec: number;
  /** The union of what was played, in seconds. */
  watched: Span[];
  completed: boolean;
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
  completedAt?: Date;
  /** Completed items in percent of the course's items when last written (for lists of courses). */
  percent: number;
  /** Bumped by every write: a write that read an older one is refused and retried. */
  rev: number;
  updatedAt: Date;
}

export const PROGRESS = storedCollection<ProgressDoc>('progress');

export const progressId = (studentId: string, courseId: string) => `${studentId}:${courseId}`;

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
