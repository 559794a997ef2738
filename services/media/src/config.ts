import { ConfigError, DEFAULT_SERVICE_PORTS, type KitConfig } from '@liveedu/service-kit';
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

function wholeNumber(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function httpUrl(name: string, raw: string): string {
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

export function loadMediaConfig(kit: Pick<KitConfig, 'env' | 'production'>): MediaConfig {
  const { env, production } = kit;
  const playbackSecret =
    env.MEDIA_PLAYBACK_SECRET || (production ? '' : 'liveedu-local-playback-secret-change-me');
  if (playbackSecret.length < 32) {
    throw new ConfigError(
      'MEDIA_PLAYBACK_SECRET must be at least 32 characters (it is required in production)',
    );
  }
  return {
    maxBytes: wholeNumber(env, 'MEDIA_MAX_BYTES', 4 * GiB, 1, 5 * 1024 * GiB),
    quotaBytes: wholeNumber(env, 'MEDIA_QUOTA_BYTES', 50 * GiB, 1, Number.MAX_SAFE_INTEGER),
    partBytes: wholeNumber(env, 'MEDIA_PART_BYTES', 16 * MiB, 5 * MiB, 5 * GiB),
    transcodeConcurrency: wholeNumber(env, 'MEDIA_TRANSCODE_CONCURRENCY', 1, 0, 64),
    playbackSecret,
    catalogUrl: httpUrl(
      'CATALOG_URL',
      env.CATALOG_URL || `http://127.0.0.1:${DEFAULT_SERVICE_PORTS.catalog}`,
    ),
    ...(env.MEDIA_S3_UPLOAD_ENDPOINT
      ? { uploadEndpoint: httpUrl('MEDIA_S3_UPLOAD_ENDPOINT', env.MEDIA_S3_UPLOAD_ENDPOINT) }
      : {}),
    tools: toolPaths(env),
  };
}
