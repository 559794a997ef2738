import { calendarChart, requireRole, type ServiceApp, seriesPerKey, Type } from '@liveedu/service-kit';
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

  calendarChart(app, {
    path: '/api/v1/course-created-data',
    summary: 'Courses created on each of the last 28 days (Asia/Kolkata)',
    preHandler: admin,
    per: 'day',
    count: CHART_DAYS,
    keysAs: 'dates',
    valuesAs: 'courseCounts',
    values: (days) => seriesPerKey(courses, 'day', days),
  });
  calendarChart(app, {
    path: '/api/v1/new-courses-per-month',
    summary: 'Courses created in each of the last 12 months (Asia/Kolkata)',
    preHandler: admin,
    per: 'month',
    count: CHART_MONTHS,
    keysAs: 'months',
    valuesAs: 'courseCounts',
    values: (months) => seriesPerKey(courses, 'month', months),
  });
}
