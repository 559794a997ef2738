import { loadAppConfig, readCredentials } from '@liveedu/api-client';
import { createQueryClient, seedAnswers } from '@liveedu/query';
import { configureRemotes, loadRemoteApp } from '@liveedu/remote-loader';
import { createSessionStore, restoreSession } from '@liveedu/session';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { pageRouteAt, serverAnswers } from './app/hydration.ts';
import { Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  // A page the server rendered (ADR 13) is a visitor's page. A signed-in user's differs (a course
  // they bought, their own application): it goes at once, before anything can be typed into it,
  // and is rendered here with their own answers, as is any page the server did not render.
  const answers = serverAnswers();
  const hydrating = answers !== null && root.hasChildNodes() && readCredentials() === null;
  if (!hydrating) root.replaceChildren();

  const config = await loadAppConfig();
  configureRemotes(config.remotes);
  const store = createSessionStore(config.apiBaseUrl);
  void store.dispatch(restoreSession());
  const queryClient = createQueryClient();
  const app = (
    <StrictMode>
      <Providers store={store} queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>
  );
  if (!hydrating) {
    createRoot(root).render(app);
    return;
  }
  // Hydrated once the page's remote and chunk are here, so the whole page is taken over at once
  // and no control is enabled before its handler is there (HydrationGate).
  const route = pageRouteAt(window.location.pathname);
  if (route) {
    await loadRemoteApp(route.remote)
      .then((module) => module.preloadPage?.(route.page))
      .catch(() => undefined);
  }
  seedAnswers(queryClient, answers);
  // As a transition the page is taken over in slices, the browser answering input between them,
  // instead of in one long task.
  startTransition(() => {
    hydrateRoot(root, app, {
      onRecoverableError: (error) => console.warn('The page was rendered again in the browser', error),
    });
  });
}

void start();
