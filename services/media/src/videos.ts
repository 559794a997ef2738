import { type Static, Type } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import { type PlaybackGrant, playbackPrefix } from './playback-token.ts';

export const VIDEOS = 'videos';
export const USAGE = 'usage';
/** Logical buckets: what tutors upload, and what viewers are served. */
export const UPLOADS_BUCKET = 'video-uploads';
export const RENDITIONS_BUCKET = 'video-renditions';

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
}

/** Bytes each tutor has reserved for uploads (`_id` is the tutor's id). */
export interface UsageDoc {
  _id: string;
  bytes: number;
}

export const videosOf = (db: Db) => db.collection<VideoDoc>(VIDEOS);
export const usageOf = (db: Db) => db.collection<UsageDoc>(USAGE);

/** A video as its owner (or the admin) sees it; the poster address is signed like playback. */
export function presentVideo(video: VideoDoc, secret: string, expiresAt: number) {
  const grant: PlaybackGrant | null = video.renditionSet
    ? { videoId: video._id, renditionSet: video.renditionSet, expiresAt }
    : null;
  return {
    videoId: video._id,
    filename: video.filename,
    size: video.size,
    status: video.status,
    createdAt: video.createdAt.toISOString(),
    durationSec: video.durationSec ?? null,
    poster: grant && video.status === 'ready' ? `${playbackPrefix(secret, grant)}/poster.jpg` : null,
    renditions: (video.renditions ?? []).map((r) => r.name),
    error: video.error ?? null,
  };
}
