import { ObjectIdString, requireServiceToken, type ServiceApp, Type } from '@liveedu/service-kit';
import { coursesPlaying, mayWatch } from '../../course-videos.ts';

/** Calls only our own processes make; the gateway never routes `/internal/*`. */
export default async function internalRoutes(app: ServiceApp): Promise<void> {
  const onlyUs = requireServiceToken(app.config.internalSecret);
  const Owner = Type.Object({ tutorId: ObjectIdString });

  app.get(
    '/internal/videos/:videoId/viewers/:userId',
    {
      preHandler: onlyUs,
      schema: {
        hide: true,
        params: Type.Object({ videoId: ObjectIdString, userId: ObjectIdString }),
        querystring: Owner,
        response: { 200: Type.Object({ allowed: Type.Boolean() }) },
      },
    },
    async (request) => ({
      allowed: await mayWatch(app.db, request.params.videoId, request.query.tutorId, request.params.userId),
    }),
  );

  app.get(
    '/internal/videos/:videoId/courses',
    {
      preHandler: onlyUs,
      schema: {
        hide: true,
        params: Type.Object({ videoId: ObjectIdString }),
        querystring: Owner,
        response: { 200: Type.Object({ courseIds: Type.Array(Type.String()) }) },
      },
    },
    async (request) => ({
      courseIds: await coursesPlaying(app.db, request.params.videoId, request.query.tutorId),
    }),
  );
}
