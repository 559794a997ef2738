import { type ComponentType, lazy } from 'react';

/**
 * The tutor's pages by the name they are asked for: the host asks for the editor pages by its
 * route table; the profile frame of the learner remote asks for the other four under /profile.
 */
export const PAGES: Record<string, ComponentType> = {
  'create-course': lazy(() =>
    import(
      /* webpackChunkName: "page-course-editor-page" */ '../features/course-editor/components/course-editor-page.tsx'
    ).then((m) => ({ default: m.CreateCoursePage })),
  ),
  'update-course': lazy(() =>
    import(
      /* webpackChunkName: "page-course-editor-page" */ '../features/course-editor/components/course-editor-page.tsx'
    ).then((m) => ({ default: m.UpdateCoursePage })),
  ),
  'my-courses': lazy(() =>
    import(
      /* webpackChunkName: "page-my-courses-page" */ '../features/my-courses/components/my-courses-page.tsx'
    ).then((m) => ({ default: m.MyCoursesPage })),
  ),
  'payment-history': lazy(() =>
    import(
      /* webpackChunkName: "page-payment-history-page" */ '../features/payment-history/components/payment-history-page.tsx'
    ).then((m) => ({ default: m.PaymentHistoryPage })),
  ),
  'tutor-analytics': lazy(() =>
    import(
      /* webpackChunkName: "page-analytics-page" */ '../features/analytics/components/analytics-page.tsx'
    ).then((m) => ({ default: m.AnalyticsPage })),
  ),
  'withdraw-money': lazy(() =>
    import(
      /* webpackChunkName: "page-withdraw-money-page" */ '../features/withdraw-money/components/withdraw-money-page.tsx'
    ).then((m) => ({ default: m.WithdrawMoneyPage })),
  ),
};

/** The pages the editor pages own as top-level routes; the profile pages are listed for standalone use. */
export const ROUTES: { path: string; page: string }[] = [
  { path: '/create-a-new-course', page: 'create-course' },
  { path: '/update-a-course/:id', page: 'update-course' },
  { path: '/profile', page: 'my-courses' },
  { path: '/profile/payment-history', page: 'payment-history' },
  { path: '/profile/tutor-analytics', page: 'tutor-analytics' },
  { path: '/profile/withdraw-money', page: 'withdraw-money' },
];
