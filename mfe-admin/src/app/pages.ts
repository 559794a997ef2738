import { lazyPage } from '@liveedu/ui';
import type { ComponentType } from 'react';
import type { DashboardPath } from './routes.ts';

/** Each dashboard page is its own chunk. */
export const DASHBOARD_COMPONENTS: Record<DashboardPath, ComponentType> = {
  '': lazyPage(
    'HomePage',
    () =>
      import(/* webpackChunkName: "page-admin-home-page" */ '../features/overview/components/home-page.tsx'),
  ),
  analytics: lazyPage(
    'AnalyticsPage',
    () =>
      import(
        /* webpackChunkName: "page-admin-analytics-page" */ '../features/analytics/components/analytics-page.tsx'
      ),
  ),
  revenue: lazyPage(
    'RevenuePage',
    () =>
      import(
        /* webpackChunkName: "page-admin-revenue-page" */ '../features/revenue/components/revenue-page.tsx'
      ),
  ),
  'withdrawl-requests': lazyPage(
    'WithdrawalRequestsPage',
    () =>
      import(
        /* webpackChunkName: "page-admin-withdrawal-requests-page" */ '../features/withdrawals/components/withdrawal-requests-page.tsx'
      ),
  ),
  'all-payments': lazyPage(
    'AllPaymentsPage',
    () =>
      import(
        /* webpackChunkName: "page-admin-all-payments-page" */ '../features/payments/components/all-payments-page.tsx'
      ),
  ),
  refunds: lazyPage(
    'RefundQueuePage',
    () =>
      import(
        /* webpackChunkName: "page-admin-refund-queue-page" */ '../features/refunds/components/refund-queue-page.tsx'
      ),
  ),
  coupons: lazyPage(
    'AdminCouponsPage',
    () =>
      import(
        /* webpackChunkName: "page-admin-coupons-page" */ '../features/coupons/components/admin-coupons-page.tsx'
      ),
  ),
  reports: lazyPage(
    'ReportsPage',
    () =>
      import(
        /* webpackChunkName: "page-admin-reports-page" */ '../features/reports/components/reports-page.tsx'
      ),
  ),
  'tutor-requests': lazyPage(
    'TutorRequestsPage',
    () =>
      import(
        /* webpackChunkName: "page-admin-tutor-requests-page" */ '../features/tutor-requests/components/tutor-requests-page.tsx'
      ),
  ),
  'all-users': lazyPage(
    'AllUsersPage',
    () =>
      import(
        /* webpackChunkName: "page-admin-all-users-page" */ '../features/users/components/all-users-page.tsx'
      ),
  ),
};
