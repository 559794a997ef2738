import type { AdminClient } from '@liveedu/api-client';

export interface ChartData {
  categories: string[];
  values: number[];
}

export interface AnalyticsChart {
  id: string;
  title: string;
  type: 'line' | 'bar';
  seriesName: string;
  load: (api: AdminClient) => Promise<ChartData>;
}

/** The two periods the charts cover: a point a day over 28 days, or a bar a month over twelve. */
const PERIODS = {
  days: { axis: 'dates', title: 'in the last 28 days', type: 'line' },
  months: { axis: 'months', title: 'per month', type: 'bar' },
} as const;

type Axis<P extends keyof typeof PERIODS> = (typeof PERIODS)[P]['axis'];

/** A chart of `seriesName` over `period`: the call's dates or months against its `counts` list. */
function chart<P extends keyof typeof PERIODS, K extends string>(
  period: P,
  id: string,
  seriesName: string,
  call: (api: AdminClient) => Promise<Record<Axis<P>, string[]> & Record<K, number[]>>,
  counts: K,
): AnalyticsChart {
  const { title, type } = PERIODS[period];
  const axis: Axis<P> = PERIODS[period].axis;
  const load = async (api: AdminClient) => {
    const r = await call(api);
    return { categories: r[axis], values: r[counts] };
  };
  return { id, title: `${seriesName} ${title}`, type, seriesName, load };
}

/** The four charts of the spec, in its order. */
export const ANALYTICS_CHARTS: AnalyticsChart[] = [
  chart('days', 'user-signups', 'New users', (api) => api.userSignups(), 'userCounts'),
  chart('days', 'course-created-data', 'New courses', (api) => api.courseCreatedData(), 'courseCounts'),
  chart('months', 'new-users-per-month', 'New users', (api) => api.newUsersPerMonth(), 'userCounts'),
  chart('months', 'new-courses-per-month', 'New courses', (api) => api.newCoursesPerMonth(), 'courseCounts'),
];
