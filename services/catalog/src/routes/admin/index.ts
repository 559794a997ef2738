import { lastDays, lastMonths } from '@liveedu/calendar';
import { requireRole, type ServiceApp, seriesPerKey, Type } from '@liveedu/service-kit';
import { COURSES } from '../../store.ts';

const CHART_DAYS = 28;
const CHART_MONTHS = 12;

export default async function adminRoutes(app: ServiceApp): Promise<void> {
  const courses = app.db.collection(COURSES);
  const admin = requireRole('admin');

  app.get(
    '/api/v1/count-courses',
    {
      preHandler: admin,
      schema: {
        summary: 'How many courses are listed',
        response: { 200: Type.Object({ count: Type.Number() }) },
      },
    },
    async () => ({ count: await courses.countDocuments({ listed: true }) }),
  );

  app.get(
    '/api/v1/course-created-data',
    {
      preHandler: admin,
      schema: {
        summary: 'Courses created on each of the last 28 days (Asia/Kolkata)',
        response: {
          200: Type.Object({ dates: Type.Array(Type.String()), courseCounts: Type.Array(Type.Number()) }),
        },
      },
    },
    async () => {
      const dates = lastDays(new Date(), CHART_DAYS);
      return { dates, courseCounts: await seriesPerKey(courses, 'day', dates) };
    },
  );

  app.get(
    '/api/v1/new-courses-per-month',
    {
      preHandler: admin,
      schema: {
        summary: 'Courses created in each of the last 12 months (Asia/Kolkata)',
        response: {
          200: Type.Object({ months: Type.Array(Type.String()), courseCounts: Type.Array(Type.Number()) }),
        },
      },
    },
    async () => {
      const months = lastMonths(new Date(), CHART_MONTHS);
      return { months, courseCounts: await seriesPerKey(courses, 'month', months) };
    },
  );
}
