import { createSessionStore, sessionActions } from '@liveedu/session';
import { Toaster } from '@liveedu/ui';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

// Pages are lazy chunks; on a busy machine they take longer than the default second to appear.
configure({ asyncUtilTimeout: 8000 });

type Answer = { status?: number; body: unknown };
export type Routes = Record<string, Answer | ((init: RequestInit | undefined) => Answer)>;

/** A fetch that answers by `METHOD path` (query included) and fails the test on anything else. */
export function fakeFetch(routes: Routes) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    const route = routes[key];
    if (!route) return new Response(JSON.stringify({ message: `Unexpected ${key}` }), { status: 599 });
    const answer = typeof route === 'function' ? route(init) : route;
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
}

/** Renders `element` at `path` (matched by `pattern`) for a logged-in user of the given role. */
export function renderPage(
  element: ReactNode,
  options: { path: string; pattern?: string; role?: 'student' | 'tutor' | 'admin' },
) {
  localStorage.setItem('id', 'tutor-1');
  localStorage.setItem('token', 'token-1');
  const store = createSessionStore('/');
  store.dispatch(sessionActions.loggedIn({ userId: 'tutor-1' }));
  store.dispatch(sessionActions.userDataLoaded({ role: options.role ?? 'tutor', stausOfPage: 'accept' }));
  const router = createMemoryRouter(
    [
      { path: options.pattern ?? options.path, element },
      { path: '/profile', element: <p>Profile page</p> },
      { path: '/viewCouse/:id', element: <p>Course page</p> },
    ],
    { initialEntries: [options.path] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  return { store, router };
}
