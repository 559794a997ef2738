import type { Role } from '@liveedu/api-client';
import type { NavItem } from '@liveedu/ui';

/** The sidebar's pages by label, in its order: each page's path under /profile ('' for /profile itself). */
type ProfilePages = Record<string, string>;

const TUTOR_PAGES: ProfilePages = {
  'My Courses': '',
  'Payment History': 'payment-history',
  Analytics: 'tutor-analytics',
  'Withdraw Money': 'withdraw-money',
  Grading: 'grading',
  Questions: 'questions',
  Coupons: 'coupons',
};

const LEARNER_PAGES: ProfilePages = {
  'Enrolled Courses': 'enrolled-courses',
  'Order History': 'order-history',
  Favourites: 'favourites',
  Certificates: 'certificates',
  Todo: 'todo',
  'Live classes': 'live-classes',
  Notifications: 'notifications',
  Settings: 'settings',
};

const entriesOf = (pages: ProfilePages): NavItem[] =>
  Object.entries(pages).map(([label, path]) => ({ label, to: path ? `/profile/${path}` : '/profile' }));

/** Entries only students and tutors have: the admin takes part in no course's live classes. */
const TAKING_PART: readonly string[] = ['Live classes'];

/** The sidebar of the spec: tutors see every entry; others the learner entries, Enrolled Courses at /profile. */
export function sidebarEntries(role: Role): NavItem[] {
  if (role === 'tutor') return entriesOf({ ...TUTOR_PAGES, ...LEARNER_PAGES });
  const entries = entriesOf({ ...LEARNER_PAGES, 'Enrolled Courses': '' });
  return role === 'student' ? entries : entries.filter((e) => !TAKING_PART.includes(e.label));
}

/** The two shortcuts of the mobile bar. */
export function mobileShortcuts(role: Role): NavItem[] {
  const all = sidebarEntries(role);
  const pick = role === 'tutor' ? ['My Courses', 'Analytics'] : ['Enrolled Courses', 'Order History'];
  return all.filter((e) => pick.includes(e.label));
}
