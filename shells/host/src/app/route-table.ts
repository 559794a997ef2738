import type { RemoteName } from './federation/remotes.ts';

/**
 * Which remote renders which top-level route, and the page name the host asks it for. Paths
 * are the spec's, typos included (/viewCouse). Areas with nested routes end in `/*` and the
 * remote routes the rest itself.
 */
export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  page: string;
}

export const REMOTE_ROUTES: RemoteRoute[] = [
  { path: '/', remote: 'catalog', page: 'home' },
  { path: '/categories', remote: 'catalog', page: 'categories' },
  { path: '/courses', remote: 'catalog', page: 'courses' },
  { path: '/courses/:cat', remote: 'catalog', page: 'courses-by-category' },
  { path: '/teach-on-live-edu', remote: 'catalog', page: 'teach' },
  { path: '/viewUser/:username', remote: 'catalog', page: 'instructor' },
  { path: '/viewCouse/:id', remote: 'catalog', page: 'course-detail' },
  { path: '/profile/*', remote: 'learner', page: 'profile' },
  { path: '/learn/:courseid/user/:userid', remote: 'learner', page: 'player' },
  { path: '/create-a-new-course', remote: 'tutor', page: 'create-course' },
  { path: '/update-a-course/:id', remote: 'tutor', page: 'update-course' },
  { path: '/dashboard/*', remote: 'admin', page: 'dashboard' },
];
