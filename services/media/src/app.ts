import type { ServiceDefinition } from '@liveedu/service-kit';
import { installMedia } from './media.ts';
import streamRoutes from './routes/stream/index.ts';
import videoRoutes from './routes/videos/index.ts';
import { TRANSCODE_JOBS } from './transcode/worker.ts';
import { RENDITIONS_BUCKET, UPLOADS_BUCKET, VIDEOS } from './videos.ts';

export const mediaService: ServiceDefinition = {
  name: 'media',
  openapi: {
    title: 'LiveEdu media',
    description: "Tutors' videos: resumable uploads straight to storage, HLS transcoding, signed playback.",
  },
  indexes: [
    { collection: VIDEOS, indexes: [{ key: { tutorId: 1, createdAt: -1 }, name: 'by_tutor_newest' }] },
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
  async routes(app) {
    await app.register(videoRoutes);
    await app.register(streamRoutes);
  },
};
