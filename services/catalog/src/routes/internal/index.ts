import { CATALOG_INTERNAL } from '@liveedu/contracts';
import { internalSchema, notFound, requireServiceToken, type ServiceApp } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { coursesPlaying, mayWatch } from '../../course-videos.ts';
import { isEnrolled } from '../../enrollment.ts';
import { collections } from '../../store.ts';

/**
 * Calls only our own processes make (`CATALOG_INTERNAL` in the contracts, which the callers'
 * typed clients take); the gateway never routes `/internal/*`.
 */
export default async function internalRoutes(app: ServiceApp): Promise<void> {
  const onlyUs = requireServiceToken(app.config.internalSecret);
  const { videoViewer, videoCourses, courseForSale } = CATALOG_INTERNAL;

  app.get(videoViewer.path, { preHandler: onlyUs, schema: internalSchema(videoViewer) }, async (request) => ({
    allowed: await mayWatch(app.db, request.params.videoId, request.query.tutorId, request.params.userId),
  }));

  app.get(
    videoCourses.path,
    { preHandler: onlyUs, schema: internalSchema(videoCourses) },
    async (request) => ({
      courseIds: await coursesPlaying(app.db, request.params.videoId, request.query.tutorId),
    }),
  );

  app.get(
    courseForSale.path,
    { preHandler: onlyUs, schema: internalSchema(courseForSale) },
    async (request) => {
      const { courses, enrollments } = collections(app.db);
      const course = await courses.findOne({ _id: new ObjectId(request.params.courseId) });
      const enrolled =
        course !== null && (await isEnrolled(enrollments, course._id.toHexString(), request.query.buyerId));
      // Only a listed course is for sale; one no longer listed is found only by those who have it.
      if (!course || (!course.listed && !enrolled)) throw notFound('Course not found');
      return {
        _id: course._id.toHexString(),
        title: course.title,
        pricePaise: course.pricePaise,
        tutorId: course.tutorId,
        tutorUsername: course.tutorUsername,
        enrolled,
      };
    },
  );
}
