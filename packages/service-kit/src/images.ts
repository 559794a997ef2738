import { Readable } from 'node:stream';
import {
  IMAGE_VARIANT_FORMATS,
  IMAGE_WIDTHS,
  type ImageVariantFormat,
  imageVariant,
  imageVariants,
  isOriginalImage,
} from '@liveedu/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from 'mongodb';
import type { Sharp } from 'sharp';
import type { Storage } from './storage.ts';

export type ImageKind = 'png' | 'jpeg' | 'webp';
export const IMAGE_MIME: Record<ImageKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
const VARIANT_MIME: Record<ImageVariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/** The most pixels an uploaded image may have (a decompression bomb is refused, not decoded). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** One object to write: an image as stored, or one of its resized copies. */
export interface EncodedPart {
  key: string;
  stream: Readable;
  contentType: string;
}

export interface EncodedImage {
  /** The picture in its own format under `key`, then its copies under their keys. */
  parts: EncodedPart[];
  /** Whether decoding failed (the bytes were no image, or a broken one). */
  failed(): boolean;
}

/**
 * A copy no wider than `width` (never enlarged). AVIF at effort 2 takes about a fifth of the
 * default's time for a slightly larger file, which keeps an upload's answer near a second.
 */
function variantOf(pipeline: Sharp, width: number, format: ImageVariantFormat): Sharp {
  const resized = pipeline.clone().resize({ width, withoutEnlargement: true });
  return format === 'avif' ? resized.avif({ quality: 55, effort: 2 }) : resized.webp({ quality: 78 });
}

/**
 * The image decoded once with sharp (libvips), turned upright by its orientation tag, and written
 * again in its own format and, when `resized`, as its resized copies (`IMAGE_WIDTHS` ×
 * `IMAGE_VARIANT_FORMATS`, see @liveedu/contracts): what is stored carries none of the upload's metadata (EXIF with a
 * phone's GPS position, camera serials, comments) and nothing a crafted file hid past the
 * picture. sharp is loaded on the first image, not at every service's start.
 */
export async function encodeImage(
  input: Readable,
  kind: ImageKind,
  key: string,
  { resized = true }: { resized?: boolean } = {},
): Promise<EncodedImage> {
  const { default: sharp } = await import('sharp');
  // Bytes after the picture (a polyglot's HTML) are dropped, not refused: only the picture is kept.
  const pipeline = sharp({ failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  const original = pipeline.clone();
  const parts: EncodedPart[] = [
    {
      key,
      stream:
        kind === 'png' ? original.png() : kind === 'webp' ? original.webp() : original.jpeg({ quality: 90 }),
      contentType: IMAGE_MIME[kind],
    },
    ...(resized ? IMAGE_WIDTHS : []).flatMap((width) =>
      IMAGE_VARIANT_FORMATS.map((format) => ({
        key: imageVariant(key, width, format),
        stream: variantOf(pipeline, width, format) as Readable,
        contentType: VARIANT_MIME[format],
      })),
    ),
  ];
  let failed = false;
  for (const part of parts) {
    part.stream.on('error', () => {
      failed = true;
    });
  }
  pipeline.on('error', () => {
    failed = true;
  });
  input.on('error', (error) => pipeline.destroy(error));
  input.pipe(pipeline);
  return { parts, failed: () => failed };
}

/** Writes every part; on any failure removes what was written and rethrows. */
export async function putEncodedImage(storage: Storage, bucket: string, image: EncodedImage): Promise<void> {
  const results = await Promise.allSettled(
    image.parts.map((part) => storage.put(bucket, part.key, part.stream, part.contentType)),
  );
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (!failure) return;
  // The others stop reading a pipeline that has failed.
  for (const part of image.parts) part.stream.destroy();
  await storage.remove(bucket, image.parts[0]!.key).catch(() => {});
  throw failure.reason;
}

/** Stores a picture the service made itself (a generated cover) with its resized copies. */
export async function putImage(
  storage: Storage,
  bucket: string,
  key: string,
  picture: Buffer,
): Promise<void> {
  const kind = kindOfKey(key);
  if (!kind) throw new Error(`${key} does not name a png, jpeg or webp image`);
  await putEncodedImage(storage, bucket, await encodeImage(Readable.from([picture]), kind, key));
}

const KIND_BY_EXTENSION: Record<string, ImageKind> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', webp: 'webp' };

/** The kind of image a file extension (`jpg`, `png`, …) names, if any. */
export const imageKindOf = (extension: string): ImageKind | undefined =>
  KIND_BY_EXTENSION[extension.toLowerCase()];

const kindOfKey = (key: string) => imageKindOf(/\.([a-z]+)$/i.exec(key)?.[1] ?? '');

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Images stored before copies were made get them: every original in the bucket missing a copy
 * is read and its copies written (the original is left as it is). Done once per bucket, marked
 * in the service's `migrations` collection; an image that cannot be decoded is logged and
 * skipped (its page keeps showing the original).
 */
export async function addMissingImageVariants(
  storage: Storage,
  db: Db,
  bucket: string,
  log: FastifyBaseLogger,
): Promise<number> {
  const migrations = db.collection<{ _id: string; at: Date }>('migrations');
  const marker = `image-variants:${bucket}`;
  if (await migrations.findOne({ _id: marker })) return 0;
  const names = new Set<string>();
  const listing = (await storage.client()).listObjectsV2(storage.bucket(bucket), '', true);
  for await (const item of listing as AsyncIterable<{ name?: string }>) if (item.name) names.add(item.name);
  let added = 0;
  for (const key of names) {
    if (!isOriginalImage(key) || imageVariants(key).every((variant) => names.has(variant))) continue;
    try {
      const picture = await streamToBuffer(
        await (await storage.client()).getObject(storage.bucket(bucket), key),
      );
      const kind = kindOfKey(key)!;
      const encoded = await encodeImage(Readable.from([picture]), kind, key);
      // The original stays as it was; only the copies are written.
      encoded.parts[0]!.stream.resume();
      await Promise.all(
        encoded.parts.slice(1).map((part) => storage.put(bucket, part.key, part.stream, part.contentType)),
      );
      added += 1;
    } catch (error) {
      log.warn({ err: error, bucket, key }, 'could not make the resized copies of a stored image');
    }
  }
  await migrations.updateOne({ _id: marker }, { $set: { at: new Date() } }, { upsert: true });
  if (added > 0) log.info({ bucket, images: added }, 'made the resized copies of stored images');
  return added;
}
