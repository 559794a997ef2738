import type { ApiClient } from '@liveedu/api-client';

export interface ChartData {
  categories: string[];
  values: number[];
}

export interface AnalyticsChart {
  id: string;
  title: string;
  type: 'line' | 'bar';
  seriesName: string;
  load: (api: ApiClient) => Promise<ChartData>;
}

/** The four charts of the spec, in its order. */
export const ANALYTICS_CHARTS: AnalyticsChart[] = [
  {
    id: 'user-signups',
    title: 'New users in the last 28 days',
    type: 'line',
    seriesName: 'New users',
    load: async (api) => {
      const r = await api.userSignups();
      return { categories: r.dates, values: r.userCounts };
    },
  },
  {
    id: 'course-created-data',
    title: 'New courses in the last 28 days',
    type: 'line',
    seriesName: 'New courses',
    load: async (api) => {
      const r = await api.courseCreatedData();
      return { categories: r.dates, values: r.courseCounts };
    },
  },
  {
    id: 'new-users-per-month',
    title: 'New users per month',
    type: 'bar',
    seriesName: 'New users',
    load: async (api) => {
      const r = await api.newUsersPerMonth();
      return { categories: r.months, values: r.userCounts };
    },
  },
  {
    id: 'new-courses-per-month',
    title: 'New courses per month',
    type: 'bar',
    seriesName: 'New courses',
    load: async (api) => {
      const r = await api.newCoursesPerMonth();
      return { categories: r.months, values: r.courseCounts };
    },
  },
];
