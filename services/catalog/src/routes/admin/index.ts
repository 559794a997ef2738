import { countsPer, lastDays, lastMonths } from '@liveedu/calendar';
import { requireRole, type ServiceApp, Type } from '@liveedu/service-kit';
import { COURSES } from '../../store.ts';

const CHART_DAYS = 28;
const CHART_MONTHS = 12;

export default async function adminRoutes(app: ServiceApp): Promise<void> {
  const courses = app.db.collection(COURSES);
  const admin = requireRole('admin');

  /** Courses created per key (`day` or `month`) among `keys`, counted by the database. */
  async function countBy(field: 'day' | 'month', keys: string[]): Promise<Map<string, number>> {
    const rows = await courses
      .aggregate<{ _id: string; count: number }>([
        { $match: { [field]: { $gte: keys[0], $lte: keys[keys.length - 1] } } },
        { $group: { _id: `$${field}`, count: { $sum: 1 } } },
      ])
      .toArray();
    return new Map(rows.map((r) => [r._id, r.count]));
  }

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
      return { dates, courseCounts: countsPer(dates, await countBy('day', dates)) };
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
      return { months, courseCounts: countsPer(months, await countBy('month', months)) };
    },
  );
}
