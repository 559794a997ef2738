import { runPeriodically, type ServiceApp } from '@liveedu/service-kit';
import { releaseBytes, UPLOADS_BUCKET, VIDEOS } from './store.ts';

/** An upload not completed within this long is abandoned. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60_000;
/** How often a media process looks for abandoned uploads. */
const SWEEP_EVERY_MS = 60 * 60_000;
const BATCH = 100;

/**
 * Removes the videos left `uploading` for longer than `ABANDONED_AFTER_MS`: the multipart upload
 * is aborted in storage (its parts freed) and the bytes it reserved go back to the tutor's
 * quota. Each video is removed by one process only (the delete is conditional on its state).
 */
export async function removeAbandonedUploads(app: ServiceApp, now = new Date()): Promise<number> {
  const videos = VIDEOS.in(app.db);
  const uploads = app.storage.bucket(UPLOADS_BUCKET);
  const stale = await videos
    .find({ status: 'uploading', createdAt: { $lt: new Date(now.getTime() - ABANDONED_AFTER_MS) } })
    .limit(BATCH)
    .toArray();
  let removed = 0;
  for (const video of stale) {
    const gone = await videos.deleteOne({ _id: video._id, status: 'uploading' });
    if (gone.deletedCount !== 1) continue;
    if (video.uploadId) {
      await app.media.uploads.abort(uploads, video.uploadKey, video.uploadId).catch((error: unknown) => {
        app.log.warn({ err: error, videoId: video._id }, 'could not abort an abandoned upload');
      });
    }
    await releaseBytes(app.db, video.tutorId, video.size);
    removed += 1;
  }
  if (removed > 0) app.log.info({ removed }, 'removed abandoned uploads');
  return removed;
}

/** Looks for abandoned uploads once the service is ready, and every hour while it runs. */
export function sweepAbandonedUploads(app: ServiceApp): void {
  runPeriodically(
    app,
    SWEEP_EVERY_MS,
    () => removeAbandonedUploads(app),
    'could not look for abandoned uploads',
  );
}
