import type { Role } from '@liveedu/api-client';

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The spec's rules for the page frame: which parts show on which path and for which role. */
export function shellVisibility(pathname: string, role: Role) {
  const dashboard = pathname.startsWith('/dashboard');
  return {
    showNav: !dashboard,
    showFooter: !dashboard && !under(pathname, '/profile'),
    showTeachLink: role !== 'admin',
  };
}
