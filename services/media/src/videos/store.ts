import { type Static, storedCollection, Type } from '@liveedu/service-kit';
import type { Db } from 'mongodb';

/** The logical bucket of what tutors upload (what viewers are served: `RENDITIONS_BUCKET`, stream/store.ts). */
export const UPLOADS_BUCKET = 'video-uploads';

/** Where a video is in its life: the API's schema, and the type the code uses, from one list. */
export const VideoStatusSchema = Type.Union([
  Type.Literal('uploading'),
  Type.Literal('processing'),
  Type.Literal('ready'),
  Type.Literal('failed'),
]);
export type VideoStatus = Static<typeof VideoStatusSchema>;

export interface RenditionInfo {
  name: string;
  width: number;
  height: number;
}

export interface VideoDoc {
  _id: string;
  tutorId: string;
  filename: string;
  contentType: string;
  size: number;
  /** The original's key in the uploads bucket. */
  uploadKey: string;
  /** The S3 multipart upload, while the video is `uploading`. */
  uploadId?: string;
  status: VideoStatus;
  createdAt: Date;
  updatedAt: Date;
  durationSec?: number;
  renditions?: RenditionInfo[];
  /** The folder of the renditions being served: `{videoId}/{renditionSet}/` in the renditions bucket. */
  renditionSet?: string;
  error?: string;
  /** The languages of the WebVTT captions the tutor added (see captions.ts). */
  captions?: string[];
}

/** Bytes each tutor has reserved for uploads (`_id` is the tutor's id). */
export interface UsageDoc {
  _id: string;
  bytes: number;
}

export const VIDEOS = storedCollection<VideoDoc>('videos', [
  { key: { tutorId: 1, createdAt: -1 }, name: 'by_tutor_newest' },
  { key: { status: 1, createdAt: 1 }, name: 'by_status_age' },
]);
export const USAGE = storedCollection<UsageDoc>('usage');

/** Reserves `size` bytes of the tutor's quota; false when they would take more than `quotaBytes`. */
export async function reserveBytes(
  db: Db,
  tutorId: string,
  size: number,
  quotaBytes: number,
): Promise<boolean> {
  const usage = USAGE.in(db);
  await usage.updateOne({ _id: tutorId }, { $setOnInsert: { bytes: 0 } }, { upsert: true });
  const reserved = await usage.updateOne(
    { _id: tutorId, bytes: { $lte: quotaBytes - size } },
    { $inc: { bytes: size } },
  );
  return reserved.modifiedCount !== 0;
}

/** Gives `size` bytes back to the tutor's quota. */
export async function releaseBytes(db: Db, tutorId: string, size: number): Promise<void> {
  await USAGE.in(db).updateOne({ _id: tutorId }, { $inc: { bytes: -size } });
}
