/**
 * How long each hosted video is, as the media service's probe measured it (`media.video.ready`):
 * what progress and certificates count, never a length a player reports.
 */
import { MEDIA_VIDEO_READY, type MediaVideoReady } from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import type { Db } from 'mongodb';

export const VIDEO_DURATIONS = 'video_durations';

interface VideoDurationDoc {
  /** The video's id. */
  _id: string;
  durationSec: number;
}

const durationsOf = (db: Db) => db.collection<VideoDurationDoc>(VIDEO_DURATIONS);

/** Keeps a ready video's probed length; a redelivered event writes the same value again. */
export const onVideoReady: EventHandler<MediaVideoReady> = {
  event: MEDIA_VIDEO_READY,
  name: 'on-video-ready',
  async handle(event, { db }) {
    const { videoId, durationSec } = event.data;
    if (!(typeof videoId === 'string' && Number.isFinite(durationSec) && durationSec > 0)) return;
    await durationsOf(db).updateOne({ _id: videoId }, { $set: { durationSec } }, { upsert: true });
  },
};

/** The probed lengths of the given videos that are known, by video id. */
export async function videoDurations(db: Db, videoIds: readonly string[]): Promise<Map<string, number>> {
  if (videoIds.length === 0) return new Map();
  const docs = await durationsOf(db)
    .find({ _id: { $in: [...new Set(videoIds)] } })
    .toArray();
  return new Map(docs.map((doc) => [doc._id, doc.durationSec]));
}
