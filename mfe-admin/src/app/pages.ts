import { type ComponentType, lazy } from 'react';
import type { DashboardPath } from './routes.ts';

/** Each dashboard page is its own chunk. */
export const DASHBOARD_COMPONENTS: Record<DashboardPath, ComponentType> = {
  '': lazy(() =>
    import(
      /* webpackChunkName: "page-admin-home-page" */ '../features/overview/components/home-page.tsx'
    ).then((m) => ({ default: m.HomePage })),
  ),
  analytics: lazy(() =>
    import(
      /* webpackChunkName: "page-admin-analytics-page" */ '../features/analytics/components/analytics-page.tsx'
    ).then((m) => ({ default: m.AnalyticsPage })),
  ),
  revenue: lazy(() =>
    import(
      /* webpackChunkName: "page-admin-revenue-page" */ '../features/revenue/components/revenue-page.tsx'
    ).then((m) => ({ default: m.RevenuePage })),
  ),
  'withdrawl-requests': lazy(() =>
    import(
      /* webpackChunkName: "page-admin-withdrawal-requests-page" */ '../features/withdrawals/components/withdrawal-requests-page.tsx'
    ).then((m) => ({ default: m.WithdrawalRequestsPage })),
  ),
  'all-payments': lazy(() =>
    import(
      /* webpackChunkName: "page-admin-all-payments-page" */ '../features/payments/components/all-payments-page.tsx'
    ).then((m) => ({ default: m.AllPaymentsPage })),
  ),
  'tutor-requests': lazy(() =>
    import(
      /* webpackChunkName: "page-admin-tutor-requests-page" */ '../features/tutor-requests/components/tutor-requests-page.tsx'
    ).then((m) => ({ default: m.TutorRequestsPage })),
  ),
  'all-users': lazy(() =>
    import(
      /* webpackChunkName: "page-admin-all-users-page" */ '../features/users/components/all-users-page.tsx'
    ).then((m) => ({ default: m.AllUsersPage })),
  ),
};
