import { renderRoutes } from '@liveedu/web-test-kit';
import { vi } from 'vitest';
import AdminApp from '../../app/remote-app.tsx';

/**
 * The dashboard at `path` for the logged-in admin, on a desktop-wide window (the dashboard asks
 * for one), with the pages it links to outside itself as plain stand-ins.
 */
export function renderDashboard(path: string) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
  return renderRoutes(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/viewCouse/:id', element: <p>Course page</p> },
      { path: '/dashboard/*', element: <AdminApp page="dashboard" /> },
    ],
    path,
    { userId: 'u-admin', role: 'admin' },
  );
}
