import { type Role, renderRoutes } from '@liveedu/web-test-kit';
import type { ReactNode } from 'react';

/**
 * Renders `element` at `path` (matched by `pattern`) for a logged-in user of the given role, with
 * the pages a tutor page links to (the profile, a course page) as plain stand-ins.
 */
export function renderPage(element: ReactNode, options: { path: string; pattern?: string; role?: Role }) {
  return renderRoutes(
    [
      { path: options.pattern ?? options.path, element },
      { path: '/profile', element: <p>Profile page</p> },
      { path: '/viewCouse/:id', element: <p>Course page</p> },
    ],
    options.path,
    { userId: 'tutor-1', role: options.role ?? 'tutor', stausOfPage: 'accept', token: 'token-1' },
  );
}
