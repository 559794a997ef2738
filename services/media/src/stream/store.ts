import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Storage } from '@liveedu/service-kit';

/** The logical bucket of what viewers are served: playlists, segments and posters. */
export const RENDITIONS_BUCKET = 'video-renditions';

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  jpg: 'image/jpeg',
  vtt: 'text/vtt; charset=utf-8',
};

export const contentTypeOf = (file: string) =>
  CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Where a video's renditions live: one folder per set, so a new set never mixes with an old one. */
export const renditionsPrefix = (videoId: string, renditionSet?: string) =>
  renditionSet ? `${videoId}/${renditionSet}/` : `${videoId}/`;

/** Copies a transcode's output folder into the renditions bucket under its set's prefix. */
export async function storeRenditions(storage: Storage, dir: string, prefix: string): Promise<void> {
  const bucket = storage.bucket(RENDITIONS_BUCKET);
  for (const file of await filesUnder(dir)) {
    const key = prefix + relative(dir, file).split('\\').join('/');
    await (await storage.client()).fPutObject(bucket, key, file, { 'Content-Type': contentTypeOf(file) });
  }
}

/** Deletes everything under a prefix of the renditions bucket. */
export async function removeRenditions(storage: Storage, prefix: string): Promise<void> {
  const bucket = storage.bucket(RENDITIONS_BUCKET);
  const keys: string[] = [];
  for await (const item of (await storage.client()).listObjectsV2(bucket, prefix, true)) {
    if (item.name) keys.push(item.name);
  }
  for (let i = 0; i < keys.length; i += 1000)
    await (await storage.client()).removeObjects(bucket, keys.slice(i, i + 1000));
}
