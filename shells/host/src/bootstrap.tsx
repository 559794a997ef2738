import { loadAppConfig } from '@liveedu/api-client';
import { createQueryClient } from '@liveedu/query';
import { configureRemotes } from '@liveedu/remote-loader';
import { createSessionStore, restoreSession } from '@liveedu/session';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';

async function start() {
  const config = await loadAppConfig();
  configureRemotes(config.remotes);
  const store = createSessionStore(config.apiBaseUrl);
  void store.dispatch(restoreSession());
  const queryClient = createQueryClient();
  const router = createAppRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  createRoot(root).render(
    <StrictMode>
      <Providers store={store} queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
