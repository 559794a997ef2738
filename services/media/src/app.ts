import type { ServiceDefinition } from '@liveedu/service-kit';
import { sweepAbandonedUploads } from './abandoned-uploads.ts';
import { mediaSettings } from './config.ts';
import { installMedia } from './media.ts';
import streamRoutes from './routes/stream/index.ts';
import videoRoutes from './routes/videos/index.ts';
import { seedDemoVideos } from './seed/demo-videos.ts';
import { TRANSCODE_JOBS } from './transcode/worker.ts';
import { RENDITIONS_BUCKET, UPLOADS_BUCKET, VIDEOS } from './videos.ts';

export const mediaService: ServiceDefinition = {
  name: 'media',
  openapi: {
    title: 'LiveEdu media',
    description: "Tutors' videos: resumable uploads straight to storage, HLS transcoding, signed playback.",
  },
  settings: mediaSettings,
  indexes: [
    {
      collection: VIDEOS,
      indexes: [
        { key: { tutorId: 1, createdAt: -1 }, name: 'by_tutor_newest' },
        { key: { status: 1, createdAt: 1 }, name: 'by_status_age' },
      ],
    },
    { collection: TRANSCODE_JOBS, indexes: [{ key: { leaseUntil: 1 }, name: 'by_lease' }] },
  ],
  outboxCollections: [VIDEOS],
  buckets: [
    { name: UPLOADS_BUCKET, access: 'private' },
    { name: RENDITIONS_BUCKET, access: 'private' },
  ],
  decorate(app) {
    installMedia(app);
  },
  routes: [videoRoutes, streamRoutes],
  async plugins(app) {
    sweepAbandonedUploads(app);
  },
  async onReady(app) {
    // In the background: making the videos takes seconds, and nothing waits for them.
    if (app.config.seedDemo) {
      void seedDemoVideos(app).catch((error: unknown) =>
        app.log.warn({ err: error }, 'demo videos not made'),
      );
    }
  },
};
