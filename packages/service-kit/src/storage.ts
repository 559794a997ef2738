import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { imageVariants } from '@liveedu/contracts';
import type { FastifyRequest } from 'fastify';
import type { Client } from 'minio';
import type { S3Config } from './config.ts';
import { badRequest, HttpError, tooLarge } from './http/errors.ts';
import { isUnavailable } from './http/unavailable.ts';
import { encodeImage, IMAGE_MIME, type ImageKind, imageKindOf, putEncodedImage } from './images.ts';
import { loadOnce } from './load-once.ts';

export interface StoredObject {
  bucket: string;
  key: string;
  url: string;
  contentType: string;
  size: number;
}

export interface Storage {
  /**
   * The S3 client: its module is loaded and the service's buckets are made on the first call
   * (again on the next call if that failed, e.g. with the storage down).
   */
  client(): Promise<Client>;
  /** The real bucket name for a logical one (`avatars` → `liveedu-avatars`). */
  bucket(name: string): string;
  publicUrl(name: string, key: string): string;
  presignedGet(name: string, key: string, seconds?: number): Promise<string>;
  put(name: string, key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  /** Removes an object; an image's resized copies go with it. */
  remove(name: string, key: string): Promise<void>;
}

export interface BucketDef {
  name: string;
  access: 'public-read' | 'private';
}

/**
 * What a file's first bytes say it is. The detector (about 10 MiB of a process) is loaded with
 * the first upload, not at every service's start.
 */
export async function detectFileType(head: Uint8Array) {
  const { fileTypeFromBuffer } = await import('file-type');
  return fileTypeFromBuffer(head);
}

/**
 * The storage of a service with buckets. Nothing is loaded or asked of the storage until a file
 * is first written or read: the S3 module costs a process about 15 MiB, and a service may go
 * without files for its whole life (an identity service nobody changes an avatar on).
 */
export function createStorage(config: S3Config, buckets: readonly BucketDef[]): Storage {
  const bucket = (name: string) => `${config.bucketPrefix}${name}`;
  const client = loadOnce(() =>
    connect(
      config,
      buckets.map((b) => ({ ...b, name: bucket(b.name) })),
    ),
  );
  return {
    client,
    bucket,
    publicUrl: (name, key) => `${config.publicUrl}/${bucket(name)}/${key}`,
    presignedGet: async (name, key, seconds = 600) =>
      (await client()).presignedGetObject(bucket(name), key, seconds),
    async put(name, key, body, contentType) {
      await (await client()).putObject(bucket(name), key, body, undefined, { 'Content-Type': contentType });
    },
    async remove(name, key) {
      const s3 = await client();
      const variants = imageVariants(key);
      if (variants.length === 0) await s3.removeObject(bucket(name), key);
      else await s3.removeObjects(bucket(name), [key, ...variants]);
    },
  };
}

/** An S3 client on whose server each of `buckets` (real names) exists with its access. */
async function connect(config: S3Config, buckets: readonly BucketDef[]): Promise<Client> {
  const { Client } = await import('minio');
  const client = new Client({
    endPoint: config.endPoint,
    port: config.port,
    useSSL: config.useSSL,
    accessKey: config.accessKey,
    secretKey: config.secretKey,
    region: 'us-east-1',
  });
  for (const { name, access } of buckets) {
    if (!(await client.bucketExists(name))) {
      try {
        await client.makeBucket(name, 'us-east-1');
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
      }
    }
    if (access === 'public-read') {
      await client.setBucketPolicy(
        name,
        JSON.stringify({
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Principal: { AWS: ['*'] },
              Action: ['s3:GetObject'],
              Resource: [`arn:aws:s3:::${name}/*`],
            },
          ],
        }),
      );
    }
  }
  return client;
}

const HEAD_BYTES = 4100;

/**
 * Reads just enough of a stream to recognise its type, then hands back the whole stream. The
 * source is read through one iterator from start to end: leaving a `for await` early would
 * destroy it, and a `data` listener would let bytes flow away before the uploader reads them.
 */
export async function peek(stream: Readable): Promise<{ head: Buffer; rest: Readable; size: () => number }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* everything(): AsyncGenerator<Buffer> {
    if (head.length > 0) yield head;
    while (!done) {
      const next = await iterator.next();
      if (next.done) return;
      size += next.value.length;
      yield next.value;
    }
  }
  return { head, rest: Readable.from(everything(), { objectMode: false }), size: () => size };
}

export interface UploadRule {
  bucket: string;
  accept: ImageKind[];
  /** Shown to the user when the type is wrong, e.g. 'Please upload a png or jpeg image'. */
  wrongTypeMessage?: string;
  /** Pages show it: keep it resized for every screen too (@liveedu/contracts' image variants). */
  resized?: boolean;
}

/**
 * Checks an uploaded file by its content (magic bytes), not its name or declared type, and
 * streams it into the bucket under a generated key (with its resized copies, if asked). The
 * multipart size limit ends the stream with a 413, and nothing partial is kept.
 */
export async function storeImage(
  storage: Storage,
  file: MultipartFile,
  rule: UploadRule,
): Promise<StoredObject> {
  const { head, rest, size } = await peek(file.file);
  const detected = await detectFileType(head);
  const kind = detected ? imageKindOf(detected.ext) : undefined;
  if (!kind || !rule.accept.includes(kind)) {
    // Read the rest away so the request completes; a size-limit error changes nothing here.
    rest.on('error', () => {});
    rest.resume();
    throw badRequest(rule.wrongTypeMessage ?? `Please upload a ${rule.accept.join(' or ')} image`);
  }
  const key = `${new Date().toISOString().slice(0, 10)}/${randomBytes(12).toString('hex')}.${detected!.ext}`;
  const encoded = await encodeImage(rest, kind, key, { resized: rule.resized ?? false });
  try {
    await putEncodedImage(storage, rule.bucket, encoded);
  } catch (error) {
    if (file.file.truncated || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge();
    if (encoded.failed()) {
      // The bytes began like an image and then were none (or a broken one).
      rest.on('error', () => {});
      rest.resume();
      throw badRequest(rule.wrongTypeMessage ?? `Please upload a ${rule.accept.join(' or ')} image`);
    }
    if (isUnavailable(error)) {
      // Read the rest away so the answer reaches the client; nothing was stored.
      rest.on('error', () => {});
      rest.resume();
      throw new HttpError(503, 'File storage is unavailable, please try again');
    }
    throw error;
  }
  if (file.file.truncated) {
    await storage.remove(rule.bucket, key).catch(() => {});
    throw tooLarge();
  }
  return {
    bucket: rule.bucket,
    key,
    url: storage.publicUrl(rule.bucket, key),
    contentType: IMAGE_MIME[kind],
    size: size(),
  };
}

export interface MultipartResult {
  fields: Record<string, string>;
  files: Record<string, StoredObject>;
  /** Removes what was stored, for when later validation refuses the request. */
  discard(): Promise<void>;
}

/**
 * Reads a multipart request whose files are images: each expected file field is checked and
 * stored as it streams in; plain fields are collected. Unexpected file fields are refused.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  storage: Storage,
  rules: Record<string, UploadRule>,
  limits: { fileSize: number; fieldSize?: number },
): Promise<MultipartResult> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data request');
  const fields: Record<string, string> = {};
  const files: Record<string, StoredObject> = {};
  const discard = async () => {
    await Promise.all(Object.values(files).map((f) => storage.remove(f.bucket, f.key).catch(() => {})));
  };
  try {
    const parts = request.parts({
      limits: { fileSize: limits.fileSize, fieldSize: limits.fieldSize ?? 256 * 1024, files: 4, fields: 20 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const rule = rules[part.fieldname];
        if (!rule || files[part.fieldname]) {
          part.file.resume();
          throw badRequest(`Unexpected file field "${part.fieldname}"`);
        }
        files[part.fieldname] = await storeImage(storage, part, rule);
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    await discard();
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw tooLarge();
    }
    if (isMalformedMultipart(error)) throw badRequest('The upload is not a well-formed multipart form');
    throw error;
  }
  return { fields, files, discard };
}

/** The multipart parser's complaints about the body itself (cut short, no boundary, bad part header). */
function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || (error as { code?: string }).code) return false;
  return /multipart|boundary|part header/i.test(error.message);
}
