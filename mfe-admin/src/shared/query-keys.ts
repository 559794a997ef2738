/** Keys of the admin's reads that a write elsewhere on the dashboard makes stale. */
export const ADMIN_KEYS = {
  totals: ['admin', 'totals'],
  /** Every list of users: a deletion re-reads them all. */
  users: ['admin', 'users'],
  recentUsers: ['admin', 'users', 'recent'],
} as const;
