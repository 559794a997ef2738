import { type PageName, pageRoutesOf } from '@liveedu/platform-registry';
import { type ComponentType, lazy } from 'react';

/**
 * The tutor's pages by the name they are asked for: the host asks for the editor pages by its
 * route table; the profile frame of the learner remote asks for the other four under /profile.
 */
const pages: Record<PageName<'tutor'>, ComponentType> = {
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

/** By name, as asked for; the type above makes it render every page the registry lists for 'tutor'. */
export const PAGES: Readonly<Record<string, ComponentType>> = pages;

/** The pages the editor pages own as top-level routes; the profile pages are listed for standalone use. */
export const ROUTES: { path: string; page: string }[] = [
  ...pageRoutesOf('tutor'),
  { path: '/profile', page: 'my-courses' },
  { path: '/profile/payment-history', page: 'payment-history' },
  { path: '/profile/tutor-analytics', page: 'tutor-analytics' },
  { path: '/profile/withdraw-money', page: 'withdraw-money' },
];
