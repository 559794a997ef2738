import { currentMonth, currentWeek } from '@liveedu/calendar';
import { requireRole, type ServiceApp, Type } from '@liveedu/service-kit';
import type { Filter } from 'mongodb';
import { toRupees } from '../ledger/domain.ts';
import { LEDGER, type LedgerEntry, sumPaise } from '../ledger/store.ts';

const Money = Type.Object({ money: Type.Number() });

type Period = (now: Date) => Filter<LedgerEntry>;
const ALL_TIME: Period = () => ({});
// Calendar periods in Asia/Kolkata; the week runs Monday to Sunday.
const THIS_MONTH: Period = (now) => ({ month: currentMonth(now) });
const THIS_WEEK: Period = (now) => {
  const week = currentWeek(now);
  return { day: { $gte: week.from, $lte: week.to } };
};

/** The admin's revenue (gross successful payments) and profit (the platform's 20%), in rupees. */
export default async function revenueRoutes(app: ServiceApp): Promise<void> {
  const ledger = LEDGER.in(app.db);
  const adminOnly = requireRole('admin');

  const figure = (path: string, summary: string, period: Period, amount: 'grossPaise' | 'platformPaise') =>
    app.get(path, { preHandler: adminOnly, schema: { summary, response: { 200: Money } } }, async () => ({
      money: toRupees(await sumPaise(ledger, period(new Date()), amount)),
    }));

  figure('/api/v1/getTotalRevnue', 'Gross successful payments, all time', ALL_TIME, 'grossPaise');
  figure(
    '/api/v1/getTotalRevenueThisMonth',
    'Gross successful payments this calendar month',
    THIS_MONTH,
    'grossPaise',
  );
  figure(
    '/api/v1/getTotalRevenueThisWeek',
    'Gross successful payments this week (Monday to Sunday)',
    THIS_WEEK,
    'grossPaise',
  );
  figure('/api/v1/getTotalRevenueTwentyPercent', "The platform's share, all time", ALL_TIME, 'platformPaise');
  figure(
    '/api/v1/getTotalRevenueThisMonthTwentyPercent',
    "The platform's share this calendar month",
    THIS_MONTH,
    'platformPaise',
  );
  figure(
    '/api/v1/getTotalRevenueThisWeektwentypercent',
    "The platform's share this week (Monday to Sunday)",
    THIS_WEEK,
    'platformPaise',
  );
}
