/**
 * A video upload straight to storage: Uppy's S3 multipart uploader, driven by the media service's
 * calls (it starts the upload and signs each part; the bytes never pass through our servers).
 * Parts are retried after a dropped connection, an upload can be paused and resumed, and one that
 * was interrupted carries on from the parts storage already holds.
 *
 * Uppy 5's multipart plugin is used: version 6 presigns every S3 request and lets the browser
 * complete the upload itself, while here the service completes it, so it knows the moment to
 * transcode and keeps the tutor's quota.
 */
import AwsS3Multipart from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import type { VideoCalls } from './video-api.ts';

export const VIDEO_TYPES = /^video\//;

export interface UploadProgress {
  bytesUploaded: number;
  bytesTotal: number;
}

export interface VideoUpload {
  /** Resolves with the video's id once storage holds it all and transcoding is queued. */
  done: Promise<{ videoId: string }>;
  pause(): void;
  resume(): void;
  /** Stops for good and deletes what was uploaded. */
  cancel(): void;
}

export interface UploadHandlers {
  onProgress?(progress: UploadProgress): void;
  /** A part failed and is being tried again (the connection dropped). */
  onRetry?(): void;
}

export function startVideoUpload(api: VideoCalls, file: File, handlers: UploadHandlers = {}): VideoUpload {
  let videoId: string | null = null;
  let partSize = 16 * 1024 * 1024;
  const uppy = new Uppy({ autoProceed: false, allowMultipleUploadBatches: false }).use(AwsS3Multipart, {
    shouldUseMultipart: true,
    limit: 3,
    retryDelays: [0, 1_000, 3_000, 5_000, 10_000],
    getChunkSize: () => partSize,
    async createMultipartUpload(uppyFile) {
      const created = await api.createVideo({
        filename: uppyFile.name ?? 'video',
        contentType: uppyFile.type ?? 'application/octet-stream',
        size: uppyFile.size ?? 0,
      });
      videoId = created.videoId;
      partSize = created.partSize;
      return { key: created.videoId, uploadId: created.uploadId };
    },
    async signPart(_file, { key, partNumber }) {
      const { url } = await api.videoPartUrl(key, partNumber);
      return { method: 'PUT' as const, url };
    },
    async listParts(_file, { key }) {
      return (await api.videoParts(key)).parts;
    },
    async completeMultipartUpload(_file, { key, parts }) {
      await api.completeVideo(
        key,
        parts.flatMap((p) => (p.PartNumber && p.ETag ? [{ PartNumber: p.PartNumber, ETag: p.ETag }] : [])),
      );
      return {};
    },
    async abortMultipartUpload(_file, { key }) {
      await api.deleteVideo(key).catch(() => {});
    },
  });
  uppy.on('upload-progress', (_file, progress) => {
    handlers.onProgress?.({
      bytesUploaded: progress.bytesUploaded,
      bytesTotal: progress.bytesTotal ?? file.size,
    });
  });
  uppy.on('upload-retry', () => handlers.onRetry?.());
  const id = uppy.addFile({ name: file.name, type: file.type, data: file, source: 'Local' });

  const done = (async () => {
    const result = await uppy.upload();
    const failed = result?.failed?.[0];
    if (failed || !videoId) {
      const error = failed?.error as unknown;
      throw error instanceof Error ? error : new Error(String(error ?? 'The upload failed'));
    }
    return { videoId };
  })();

  return {
    done,
    pause: () => {
      const file = uppy.getFile(id);
      if (file && !file.isPaused) uppy.pauseResume(id);
    },
    resume: () => {
      const file = uppy.getFile(id);
      if (file?.isPaused) uppy.pauseResume(id);
    },
    cancel: () => {
      uppy.cancelAll();
    },
  };
}
