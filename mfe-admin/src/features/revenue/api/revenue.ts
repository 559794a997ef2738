import type { AdminClient } from '@liveedu/api-client';

export interface RevenueFigures {
  total: number;
  thisMonth: number;
  thisWeek: number;
  totalProfit: number;
  thisMonthProfit: number;
  thisWeekProfit: number;
}

/** Revenue is what students paid; profit the platform's 20% of it. */
export async function loadRevenue(api: AdminClient): Promise<RevenueFigures> {
  const [total, thisMonth, thisWeek, totalProfit, thisMonthProfit, thisWeekProfit] = await Promise.all([
    api.revenue('getTotalRevnue'),
    api.revenue('getTotalRevenueThisMonth'),
    api.revenue('getTotalRevenueThisWeek'),
    api.revenue('getTotalRevenueTwentyPercent'),
    api.revenue('getTotalRevenueThisMonthTwentyPercent'),
    api.revenue('getTotalRevenueThisWeektwentypercent'),
  ]);
  return {
    total: total.money,
    thisMonth: thisMonth.money,
    thisWeek: thisWeek.money,
    totalProfit: totalProfit.money,
    thisMonthProfit: thisMonthProfit.money,
    thisWeekProfit: thisWeekProfit.money,
  };
}
