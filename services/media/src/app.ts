import type { ServiceApp, ServiceDefinition } from '@liveedu/service-kit';
import { type MediaConfig, mediaConfig, mediaSettings } from './config.ts';
import { seedDemoVideos } from './demo/seed.ts';
import { playbackRoutes, streamRoutes } from './stream/routes.ts';
import { RENDITIONS_BUCKET, removeRenditions, renditionsPrefix } from './stream/store.ts';
import { catalogViewers, type Viewers } from './stream/viewers.ts';
import { TRANSCODE_JOBS } from './transcode/store.ts';
import { startTranscoder, type Transcoder } from './transcode/worker.ts';
import { sweepAbandonedUploads } from './videos/abandoned-uploads.ts';
import { type MultipartUploads, multipartUploadsOf } from './videos/multipart.ts';
import {
  captionRoutes,
  completeUploadRoutes,
  deleteVideoRoutes,
  uploadPartRoutes,
  uploadRoutes,
  videoRoutes,
} from './videos/routes.ts';
import { UPLOADS_BUCKET, VIDEOS } from './videos/store.ts';

/** What the media routes share: configuration, the upload signer, the transcoder and the viewers' check. */
export interface Media {
  config: MediaConfig;
  uploads: MultipartUploads;
  transcoder: Transcoder;
  viewers: Viewers;
  /** Deletes every rendition set of a video. */
  removeRenditions(videoId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: Media;
  }
}

function installMedia(app: ServiceApp): void {
  const config = mediaConfig(mediaSettings.of(app));
  const uploads = multipartUploadsOf(app.config.s3, config.uploadEndpoint, () => app.storage.client());
  const transcoder = startTranscoder({
    db: app.db,
    storage: app.storage,
    outbox: app.outbox,
    tools: config.tools,
    concurrency: config.transcodeConcurrency,
    log: app.log,
  });
  app.addHook('onClose', () => transcoder.stop());
  app.decorate('media', {
    config,
    uploads,
    transcoder,
    viewers: catalogViewers(config.catalogUrl, app.config.internalSecret),
    removeRenditions: (videoId: string) => removeRenditions(app.storage, renditionsPrefix(videoId)),
  });
}

export const mediaService: ServiceDefinition = {
  name: 'media',
  openapi: {
    title: 'LiveEdu media',
    description: "Tutors' videos: resumable uploads straight to storage, HLS transcoding, signed playback.",
  },
  settings: mediaSettings,
  indexes: [VIDEOS, TRANSCODE_JOBS],
  outboxCollections: [VIDEOS.collection],
  buckets: [
    { name: UPLOADS_BUCKET, access: 'private' },
    { name: RENDITIONS_BUCKET, access: 'private' },
  ],
  decorate(app) {
    installMedia(app);
  },
  routes: [
    uploadRoutes,
    uploadPartRoutes,
    completeUploadRoutes,
    deleteVideoRoutes,
    videoRoutes,
    captionRoutes,
    playbackRoutes,
    streamRoutes,
  ],
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
