import {
  caller,
  errorResponses,
  forbidden,
  notFound,
  ObjectIdString,
  requireRole,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { contentWithIds } from '../courses/domain.ts';
import { COURSES } from '../courses/store.ts';
import { itemAnalytics } from './domain.ts';
import { itemStats } from './store.ts';

const ItemAnalytics = Type.Object({
  itemId: Type.String(),
  videoTitle: Type.String(),
  hosted: Type.Boolean(),
  started: Type.Integer(),
  completed: Type.Integer(),
  /** Shares of the course's students, 0–1. */
  startedShare: Type.Number(),
  completedShare: Type.Number(),
  /** For a hosted video: the share of its viewers still watching at each 5% of its length. */
  retention: Type.Union([Type.Array(Type.Number()), Type.Null()]),
});

export default async function analyticsRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/course-analytics/:courseId',
    {
      preHandler: requireRole('tutor', 'admin'),
      schema: {
        summary: "Where a course's students start, finish and drop off, item by item",
        params: Type.Object({ courseId: ObjectIdString }),
        response: {
          200: Type.Object({
            courseId: Type.String(),
            enrolled: Type.Integer(),
            items: Type.Array(ItemAnalytics),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const who = caller(request);
      const course = await COURSES.in(app.db).findOne({ _id: new ObjectId(request.params.courseId) });
      if (!course) throw notFound('Course not found');
      // Another tutor's course is public while listed; once withdrawn it is as good as missing.
      if (who.role !== 'admin' && course.tutorId !== who.userId) {
        throw course.listed ? forbidden('This course is not yours') : notFound('Course not found');
      }
      const courseId = course._id.toHexString();
      const items = contentWithIds(
        courseId,
        course.sections.map((s) => s.items),
      ).flat();
      const stats = await itemStats(
        app.db,
        courseId,
        items.map((item) => item._id),
      );
      const enrolled = course.enrolledCount ?? 0;
      return {
        courseId,
        enrolled,
        items: items.map((item) => itemAnalytics(item, stats.get(item._id), enrolled)),
      };
    },
  );
}
