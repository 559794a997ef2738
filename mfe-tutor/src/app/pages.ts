import { type PageName, pageRoutesOf } from '@liveedu/platform-registry';
import { lazyPage } from '@liveedu/ui';
import type { ComponentType } from 'react';

/**
 * The tutor's pages by the name they are asked for: the host asks for the editor pages by its
 * route table; the profile frame of the learner remote asks for the others under /profile.
 */
const pages: Record<PageName<'tutor'>, ComponentType> = {
  'create-course': lazyPage(
    'CreateCoursePage',
    () =>
      import(
        /* webpackChunkName: "page-course-editor-page" */ '../features/course-editor/components/course-editor-page.tsx'
      ),
  ),
  'update-course': lazyPage(
    'UpdateCoursePage',
    () =>
      import(
        /* webpackChunkName: "page-course-editor-page" */ '../features/course-editor/components/course-editor-page.tsx'
      ),
  ),
  'my-courses': lazyPage(
    'MyCoursesPage',
    () =>
      import(
        /* webpackChunkName: "page-my-courses-page" */ '../features/my-courses/components/my-courses-page.tsx'
      ),
  ),
  'payment-history': lazyPage(
    'PaymentHistoryPage',
    () =>
      import(
        /* webpackChunkName: "page-payment-history-page" */ '../features/payment-history/components/payment-history-page.tsx'
      ),
  ),
  'tutor-analytics': lazyPage(
    'AnalyticsPage',
    () =>
      import(
        /* webpackChunkName: "page-analytics-page" */ '../features/analytics/components/analytics-page.tsx'
      ),
  ),
  grading: lazyPage(
    'GradingPage',
    () =>
      import(/* webpackChunkName: "page-grading-page" */ '../features/grading/components/grading-page.tsx'),
  ),
  questions: lazyPage(
    'QuestionsPage',
    () =>
      import(
        /* webpackChunkName: "page-questions-page" */ '../features/questions/components/questions-page.tsx'
      ),
  ),
  coupons: lazyPage(
    'CouponsPage',
    () =>
      import(/* webpackChunkName: "page-coupons-page" */ '../features/coupons/components/coupons-page.tsx'),
  ),
  'withdraw-money': lazyPage(
    'WithdrawMoneyPage',
    () =>
      import(
        /* webpackChunkName: "page-withdraw-money-page" */ '../features/withdraw-money/components/withdraw-money-page.tsx'
      ),
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
  { path: '/profile/grading', page: 'grading' },
  { path: '/profile/questions', page: 'questions' },
  { path: '/profile/coupons', page: 'coupons' },
];
