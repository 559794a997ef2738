import { loadAppConfig } from '@liveedu/api-client';
import { createQueryClient } from '@liveedu/query';
import { createSessionStore, restoreSession } from '@liveedu/session';
import type { ComponentType } from 'react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Outlet, Route, Routes } from 'react-router';
import { AppProviders } from '../components/app-providers.tsx';

/**
 * Runs a remote on its own for development: its own store, query client, router and a minimal frame, with the
 * remote's routes mapped to its app component exactly as the host maps them.
 */
export async function startStandalone(options: {
  name: string;
  App: ComponentType<{ page: string }>;
  routes: { path: string; page: string }[];
}) {
  const config = await loadAppConfig();
  const store = createSessionStore(config.apiBaseUrl);
  void store.dispatch(restoreSession());
  const { App } = options;
  const routes = (
    <Routes>
      <Route
        path="/"
        element={
          <>
            <header
              style={{ padding: '0.75rem 1rem', borderBottom: '1px solid #e5e7eb', background: '#fff' }}
            >
              <Link to="/">LiveEdu</Link> — {options.name} (standalone)
            </header>
            <Outlet />
          </>
        }
      >
        {options.routes.map(({ path, page }) =>
          path === '/' ? (
            <Route key={page} index element={<App page={page} />} />
          ) : (
            <Route key={page} path={path.slice(1)} element={<App key={page} page={page} />} />
          ),
        )}
      </Route>
    </Routes>
  );
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  createRoot(root).render(
    <StrictMode>
      <AppProviders store={store} queryClient={createQueryClient()}>
        <BrowserRouter>{routes}</BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}
