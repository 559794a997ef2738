import { CATALOG_INTERNAL } from '@liveedu/contracts';
import { internalSchema, requireServiceToken, type ServiceApp } from '@liveedu/service-kit';
import { coursesPlaying, isPreview, mayWatch } from './store.ts';

/**
 * Whether a user may watch a hosted video, and which courses play it: calls only the media
 * service makes (`CATALOG_INTERNAL` in the contracts, which the callers'
 * typed clients take); the gateway never routes `/internal/*`.
 */
export default async function videoAccessRoutes(app: ServiceApp): Promise<void> {
  const onlyUs = requireServiceToken(app.config.internalSecret);
  const { videoViewer, videoCourses, videoPreview } = CATALOG_INTERNAL;

  app.get(videoViewer.path, { preHandler: onlyUs, schema: internalSchema(videoViewer) }, async (request) => ({
    allowed: await mayWatch(app.db, request.params.videoId, request.query.tutorId, request.params.userId),
  }));

  app.get(
    videoPreview.path,
    { preHandler: onlyUs, schema: internalSchema(videoPreview) },
    async (request) => ({ preview: await isPreview(app.db, request.params.videoId, request.query.tutorId) }),
  );

  app.get(
    videoCourses.path,
    { preHandler: onlyUs, schema: internalSchema(videoCourses) },
    async (request) => ({
      courseIds: await coursesPlaying(app.db, request.params.videoId, request.query.tutorId),
    }),
  );
}
