import { loadAppConfig } from '@liveedu/api-client';
import { createQueryClient, seedAnswers } from '@liveedu/query';
import { configureRemotes, loadRemoteApp } from '@liveedu/remote-loader';
import { createSessionStore, restoreSession } from '@liveedu/session';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { remoteAt, serverAnswers } from './app/hydration.ts';
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
  const app = (
    <StrictMode>
      <Providers store={store} queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  // A page the server rendered (ADR 13) is hydrated from the answers it was rendered with, once
  // its remote is here; any other page is rendered here.
  const answers = serverAnswers();
  const remote = remoteAt(window.location.pathname);
  if (answers && root.hasChildNodes()) {
    seedAnswers(queryClient, answers);
    if (remote) await loadRemoteApp(remote).catch(() => undefined);
    hydrateRoot(root, app, {
      onRecoverableError: (error) => console.warn('The page was rendered again in the browser', error),
    });
  } else {
    createRoot(root).render(app);
  }
}

void start();
