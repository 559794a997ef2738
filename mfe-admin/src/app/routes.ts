/** The spec's routes this remote owns; the host maps the same paths to this remote's app. */
export const ROUTES: { path: string; page: string }[] = [{ path: '/dashboard/*', page: 'dashboard' }];

export interface PageInfo {
  title: string;
  /** Routes below the page's path, handled by this remote (relative paths, '' is the index). */
  nested?: { path: string; title: string }[];
}

export const PAGES: Record<string, PageInfo> = {
  dashboard: {
    title: 'Dashboard',
    nested: [
      { path: '', title: 'Dashboard' },
      { path: 'analytics', title: 'Analytics' },
      { path: 'revenue', title: 'Revenue' },
      { path: 'withdrawl-requests', title: 'Withdrawal requests' },
      { path: 'all-payments', title: 'All payments' },
      { path: 'tutor-requests', title: 'Tutor requests' },
      { path: 'all-users', title: 'All users' },
    ],
  },
};
