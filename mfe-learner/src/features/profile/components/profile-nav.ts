import type { Role } from '@liveedu/api-client';

export interface NavEntry {
  label: string;
  to: string;
}

const TUTOR_ENTRIES: NavEntry[] = [
  { label: 'My Courses', to: '/profile' },
  { label: 'Payment History', to: '/profile/payment-history' },
  { label: 'Analytics', to: '/profile/tutor-analytics' },
  { label: 'Withdraw Money', to: '/profile/withdraw-money' },
];

const LEARNER_ENTRIES: NavEntry[] = [
  { label: 'Enrolled Courses', to: '/profile/enrolled-courses' },
  { label: 'Order History', to: '/profile/order-history' },
  { label: 'Favourites', to: '/profile/favourites' },
  { label: 'Certificates', to: '/profile/certificates' },
  { label: 'Todo', to: '/profile/todo' },
  { label: 'Settings', to: '/profile/settings' },
];

/** The sidebar of the spec: tutors see every entry; others the learner entries, Enrolled Courses at /profile. */
export function sidebarEntries(role: Role): NavEntry[] {
  if (role === 'tutor') return [...TUTOR_ENTRIES, ...LEARNER_ENTRIES];
  return LEARNER_ENTRIES.map((e) => (e.label === 'Enrolled Courses' ? { ...e, to: '/profile' } : e));
}

/** The two shortcuts of the mobile bar. */
export function mobileShortcuts(role: Role): NavEntry[] {
  const all = sidebarEntries(role);
  const pick = role === 'tutor' ? ['My Courses', 'Analytics'] : ['Enrolled Courses', 'Order History'];
  return all.filter((e) => pick.includes(e.label));
}
