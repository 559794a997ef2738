import { HttpUrl, ServiceUrl, secret, serviceSettings, Type, trimSlashes } from '@liveedu/service-kit';
import type { ToolPaths } from './transcode/ffmpeg.ts';
import { toolPaths } from './transcode/tools.ts';

/** What the media service reads beyond the kit's configuration. */
export interface MediaConfig {
  /** The largest upload accepted (`MEDIA_MAX_BYTES`, default 4 GiB). */
  maxBytes: number;
  /** What one tutor may store in all (`MEDIA_QUOTA_BYTES`, default 50 GiB). */
  quotaBytes: number;
  /** The size of each uploaded part (`MEDIA_PART_BYTES`, default 16 MiB; S3 needs at least 5 MiB). */
  partBytes: number;
  /** Transcoding jobs run at once by this process (`MEDIA_TRANSCODE_CONCURRENCY`, default 1; 0 = none). */
  transcodeConcurrency: number;
  /** Signs playback addresses (`MEDIA_PLAYBACK_SECRET`, required in production). */
  playbackSecret: string;
  /** Where the catalog's API answers: who may watch a course's videos. */
  catalogUrl: string;
  /** Where browsers reach S3 for uploads, when it is not `S3_ENDPOINT` (`MEDIA_S3_UPLOAD_ENDPOINT`). */
  uploadEndpoint?: string;
  tools: ToolPaths;
}

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const LOCAL_PLAYBACK_SECRET = 'liveedu-local-playback-secret-change-me';

const whole = (fallback: number, minimum: number, maximum: number) =>
  Type.Integer({ minimum, maximum, default: fallback });

/** Declared once and parsed at start: a bad value stops the start, naming the variable. */
export const mediaSettings = serviceSettings((production) =>
  Type.Object({
    MEDIA_MAX_BYTES: whole(4 * GiB, 1, 5 * 1024 * GiB),
    MEDIA_QUOTA_BYTES: whole(50 * GiB, 1, Number.MAX_SAFE_INTEGER),
    MEDIA_PART_BYTES: whole(16 * MiB, 5 * MiB, 5 * GiB),
    MEDIA_TRANSCODE_CONCURRENCY: whole(1, 0, 64),
    // At least 32 characters in every mode; production must set its own, random.
    MEDIA_PLAYBACK_SECRET: production
      ? secret(production, LOCAL_PLAYBACK_SECRET)
      : Type.String({ minLength: 32, writeOnly: true, default: LOCAL_PLAYBACK_SECRET }),
    CATALOG_URL: ServiceUrl('catalog'),
    MEDIA_S3_UPLOAD_ENDPOINT: Type.Optional(HttpUrl()),
    FFMPEG_PATH: Type.Optional(Type.String()),
    FFPROBE_PATH: Type.Optional(Type.String()),
  }),
);

export function mediaConfig(settings: ReturnType<typeof mediaSettings.of>): MediaConfig {
  return {
    maxBytes: settings.MEDIA_MAX_BYTES,
    quotaBytes: settings.MEDIA_QUOTA_BYTES,
    partBytes: settings.MEDIA_PART_BYTES,
    transcodeConcurrency: settings.MEDIA_TRANSCODE_CONCURRENCY,
    playbackSecret: settings.MEDIA_PLAYBACK_SECRET,
    catalogUrl: trimSlashes(settings.CATALOG_URL),
    ...(settings.MEDIA_S3_UPLOAD_ENDPOINT
      ? { uploadEndpoint: trimSlashes(settings.MEDIA_S3_UPLOAD_ENDPOINT) }
      : {}),
    tools: toolPaths({ FFMPEG_PATH: settings.FFMPEG_PATH, FFPROBE_PATH: settings.FFPROBE_PATH }),
  };
}
