import { pageRoutesOf } from '@liveedu/platform-registry';
/** The spec's routes this remote owns; the host maps the same paths to this remote's app. */
export const ROUTES: { path: string; page: string }[] = pageRoutesOf('admin');

/** The dashboard's pages, in the sidebar's order; `path` is relative to /dashboard. */
export const DASHBOARD_PAGES = [
  { path: '', title: 'Dashboard' },
  { path: 'analytics', title: 'Analytics' },
  { path: 'revenue', title: 'Revenue' },
  { path: 'withdrawl-requests', title: 'Withdrawal Requests' },
  { path: 'all-payments', title: 'All Payments' },
  { path: 'refunds', title: 'Refunds' },
  { path: 'coupons', title: 'Coupons' },
  { path: 'reports', title: 'Reports' },
  { path: 'tutor-requests', title: 'Tutor Requests' },
  { path: 'all-users', title: 'All Users' },
] as const;

export type DashboardPath = (typeof DASHBOARD_PAGES)[number]['path'];

export const DASHBOARD_LINKS = DASHBOARD_PAGES.map((p) => ({
  to: p.path ? `/dashboard/${p.path}` : '/dashboard',
  label: p.title,
}));
