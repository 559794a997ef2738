import { rollingStart } from '@liveedu/calendar';
import {
  calendarChart,
  caller,
  requireRole,
  type ServiceApp,
  seriesPerKey,
  Type,
} from '@liveedu/service-kit';
import type { FastifyRequest } from 'fastify';
import { toRupees } from '../ledger/domain.ts';
import { LEDGER, sumPaise } from '../ledger/store.ts';

const Earning = Type.Object({ earning: Type.Number() });

/** A tutor's earnings after the platform's fee: totals, rolling windows and income charts. */
export default async function incomeRoutes(app: ServiceApp): Promise<void> {
  const ledger = LEDGER.in(app.db);
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

  /** Earnings per day or month, in rupees: the tutor's share of each payment. */
  const incomeChart = (path: string, summary: string, per: 'day' | 'month', count: number) =>
    calendarChart(app, {
      path,
      summary,
      preHandler: tutorOnly,
      per,
      count,
      keysAs: 'labels',
      valuesAs: 'income',
      values: async (keys, request) => {
        const match = { tutorId: tutorOf(request) };
        return (await seriesPerKey(ledger, per, keys, { match, sum: 'tutorPaise' })).map(toRupees);
      },
    });
  incomeChart(
    '/api/v1/last7DaysIncomeAnalytics',
    'Earnings per day over the last 7 days (today included)',
    'day',
    7,
  );
  incomeChart(
    '/api/v1/last28DaysIncome',
    'Earnings per day over the last 28 days (today included)',
    'day',
    28,
  );
  incomeChart(
    '/api/v1/last365DaysIncome',
    'Earnings per month over the last 12 months (this one included)',
    'month',
    12,
  );
}
