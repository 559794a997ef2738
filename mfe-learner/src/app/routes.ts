/** The spec's routes this remote owns; the host maps the same paths to this remote's app. */
export const ROUTES: { path: string; page: string }[] = [
  { path: '/profile/*', page: 'profile' },
  { path: '/learn/:courseid/user/:userid', page: 'player' },
];

export interface PageInfo {
  title: string;
  /** Routes below the page's path, handled by this remote (relative paths, '' is the index). */
  nested?: { path: string; title: string }[];
}

export const PAGES: Record<string, PageInfo> = {
  profile: {
    title: 'Profile',
    nested: [
      { path: '', title: 'Enrolled Courses' },
      { path: 'enrolled-courses', title: 'Enrolled Courses' },
      { path: 'order-history', title: 'Order History' },
      { path: 'favourites', title: 'Favourites' },
      { path: 'todo', title: 'Todo' },
      { path: 'settings', title: 'Settings' },
      { path: 'payment-history', title: 'Payment History' },
      { path: 'tutor-analytics', title: 'Analytics' },
      { path: 'withdraw-money', title: 'Withdraw Money' },
    ],
  },
  player: { title: 'Course player' },
};
