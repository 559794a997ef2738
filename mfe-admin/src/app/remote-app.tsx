import { ErrorState, Loading } from '@liveedu/ui';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AdminGuard } from '../features/layout/components/admin-guard.tsx';
import { DashboardLayout } from '../features/layout/components/dashboard-layout.tsx';
import { DASHBOARD_COMPONENTS } from './pages.ts';
import { DASHBOARD_LINKS, DASHBOARD_PAGES } from './routes.ts';

/** /dashboard and its nested pages, for the admin only. */
export function Dashboard() {
  return (
    <AdminGuard>
      <DashboardLayout links={DASHBOARD_LINKS}>
        <Suspense fallback={<Loading label="Loading page…" />}>
          <Routes>
            {DASHBOARD_PAGES.map(({ path }) => {
              const Page = DASHBOARD_COMPONENTS[path];
              return path === '' ? (
                <Route key="index" index element={<Page />} />
              ) : (
                <Route key={path} path={path} element={<Page />} />
              );
            })}
            <Route path="*" element={<ErrorState message="There is no such page in the dashboard." />} />
          </Routes>
        </Suspense>
      </DashboardLayout>
    </AdminGuard>
  );
}

/** The one exposed entry: the host renders it with the name of the page its route asks for. */
export default function AdminApp({ page }: { page: string }) {
  if (page !== 'dashboard') return <ErrorState message={`The admin area has no page named “${page}”.`} />;
  return <Dashboard />;
}
