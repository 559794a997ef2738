import { lastDays, lastMonths, rollingStart } from '@liveedu/calendar';
import { caller, requireRole, type ServiceApp, seriesPerKey, Type } from '@liveedu/service-kit';
import type { FastifyRequest } from 'fastify';
import { collections } from '../../collections.ts';
import { toRupees } from '../../domain/money.ts';
import { sumPaise } from '../../ledger.ts';

const Earning = Type.Object({ earning: Type.Number() });
const Chart = Type.Object({ labels: Type.Array(Type.String()), income: Type.Array(Type.Number()) });

/** A tutor's earnings after the platform's fee: totals, rolling windows and income charts. */
export default async function incomeRoutes(app: ServiceApp): Promise<void> {
  const { ledger } = collections(app.db);
  const tutorOnly = requireRole('tutor');
  const tutorOf = (request: FastifyRequest) => caller(request).userId;

  const earning = (path: string, summary: string, days: number | null) =>
    app.get(
      path,
      { preHandler: tutorOnly, schema: { summary, response: { 200: Earning } } },
      async (request) => {
        const tutorId = tutorOf(request);
        const match =
          days === null ? { tutorId } : { tutorId, paidAt: { $gte: rollingStart(new Date(), days) } };
        return { earning: toRupees(await sumPaise(ledger, match, 'tutorPaise')) };
      },
    );
  earning('/api/v1/total-income-tutor', "The tutor's earnings since the start, in rupees", null);
  earning('/api/v1/last28Days', "The tutor's earnings in the last 28 × 24 hours, in rupees", 28);
  earning('/api/v1/last7Days', "The tutor's earnings in the last 7 × 24 hours, in rupees", 7);

  const dailyChart = (path: string, summary: string, days: number) =>
    app.get(
      path,
      { preHandler: tutorOnly, schema: { summary, response: { 200: Chart } } },
      async (request) => {
        const labels = lastDays(new Date(), days);
        const income = await seriesPerKey(ledger, 'day', labels, {
          match: { tutorId: tutorOf(request) },
          sum: 'tutorPaise',
        });
        return { labels, income: income.map(toRupees) };
      },
    );
  dailyChart('/api/v1/last7DaysIncomeAnalytics', 'Earnings per day over the last 7 days (today included)', 7);
  dailyChart('/api/v1/last28DaysIncome', 'Earnings per day over the last 28 days (today included)', 28);

  app.get(
    '/api/v1/last365DaysIncome',
    {
      preHandler: tutorOnly,
      schema: {
        summary: 'Earnings per month over the last 12 months (this one included)',
        response: { 200: Chart },
      },
    },
    async (request) => {
      const labels = lastMonths(new Date(), 12);
      const income = await seriesPerKey(ledger, 'month', labels, {
        match: { tutorId: tutorOf(request) },
        sum: 'tutorPaise',
      });
      return { labels, income: income.map(toRupees) };
    },
  );
}
