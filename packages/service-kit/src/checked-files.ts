import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { badRequest, HttpError, tooLarge } from './http/errors.ts';
import { isUnavailable } from './http/unavailable.ts';
import { detectFileType, peek, type Storage } from './storage.ts';

/** Documents a learner may hand in, each recognised by its bytes. */
export const FILE_KINDS = ['pdf', 'zip', 'png', 'jpg', 'txt'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const MIME: Record<FileKind, string> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  txt: 'text/plain; charset=utf-8',
};

/** Control characters other than tabs and line breaks: bytes plain text does not hold. */
const isBinary = (text: string) => /\p{Cc}/u.test(text.replace(/[\t\n\f\r]/g, ''));

/** What the first bytes of a file are, among the kinds above; undefined for anything else. */
export async function fileKindOf(head: Buffer): Promise<FileKind | undefined> {
  const detected = await detectFileType(head);
  if (detected) {
    const ext = detected.ext as string;
    return ext === 'pdf' || ext === 'zip' || ext === 'png' || ext === 'jpg' ? ext : undefined;
  }
  if (head.length === 0) return undefined;
  try {
    // Streaming: a character cut at the end of the head is not an error.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return isBinary(text) ? undefined : 'txt';
  } catch {
    return undefined;
  }
}

/** A private file as stored: where, what kind, how big. */
export interface CheckedFile {
  bucket: string;
  key: string;
  kind: FileKind;
  contentType: string;
  size: number;
}

export interface FileRule {
  bucket: string;
  accept: readonly FileKind[];
  /** Shown when the bytes are none of the kinds accepted. */
  wrongTypeMessage: string;
}

/** Reads the rest of a refused upload away, so the request completes and its answer is read. */
function drain(stream: NodeJS.ReadableStream & { on(event: 'error', fn: () => void): unknown }) {
  stream.on('error', () => {});
  stream.resume();
}

/**
 * Checks an uploaded file by its bytes (not its name or declared type) against the kinds the rule
 * accepts and streams it into the bucket under a generated key. The multipart size limit ends the
 * stream with a 413, and nothing partial is kept.
 */
export async function storeCheckedFile(
  storage: Storage,
  file: MultipartFile,
  rule: FileRule,
): Promise<CheckedFile> {
  const { head, rest, size } = await peek(file.file);
  const kind = await fileKindOf(head);
  if (!kind || !rule.accept.includes(kind)) {
    drain(rest);
    if (file.file.truncated) throw tooLarge();
    throw badRequest(rule.wrongTypeMessage);
  }
  const key = `${new Date().toISOString().slice(0, 10)}/${randomBytes(12).toString('hex')}.${kind}`;
  try {
    await storage.put(rule.bucket, key, rest, MIME[kind]);
  } catch (error) {
    drain(rest);
    if (file.file.truncated || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      await storage.remove(rule.bucket, key).catch(() => {});
      throw tooLarge();
    }
    if (isUnavailable(error)) throw new HttpError(503, 'File storage is unavailable, please try again');
    throw error;
  }
  if (file.file.truncated) {
    await storage.remove(rule.bucket, key).catch(() => {});
    throw tooLarge();
  }
  return { bucket: rule.bucket, key, kind, contentType: MIME[kind], size: size() };
}
