import { createQueryClient, QueryProvider } from '@liveedu/query';
import { createSessionStore, type SessionStore, sessionActions } from '@liveedu/session';
import { Toaster } from '@liveedu/ui';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';

// Pages are lazy chunks; on a busy machine they take longer than the default second to appear.
configure({ asyncUtilTimeout: 8000 });

export type Role = 'student' | 'tutor' | 'admin';

/** Who is logged in for the test: nobody (`null`), or a user with a role and application status. */
export interface TestUser {
  userId: string;
  role?: Role;
  stausOfPage?: Parameters<typeof sessionActions.userDataLoaded>[0]['stausOfPage'];
  /** Also keep credentials in localStorage, as a real log-in does (the upload helper reads them). */
  token?: string;
}

/** A session store as the host makes it, with `user` logged in. */
export function createTestStore(user: TestUser | null = null): SessionStore {
  const store = createSessionStore('/');
  if (!user) return store;
  if (user.token) {
    localStorage.setItem('id', user.userId);
    localStorage.setItem('token', user.token);
  }
  store.dispatch(sessionActions.loggedIn({ userId: user.userId, role: user.role }));
  if (user.role)
    store.dispatch(sessionActions.userDataLoaded({ role: user.role, stausOfPage: user.stausOfPage }));
  return store;
}

/** The providers every page renders inside in the app: the store, a fresh query cache, toasts. */
export function renderWithProviders(ui: ReactNode, store: SessionStore = createTestStore()) {
  const queryClient = createQueryClient();
  const result = render(
    <Provider store={store}>
      <QueryProvider client={queryClient}>
        {ui}
        <Toaster />
      </QueryProvider>
    </Provider>,
  );
  return { ...result, store, queryClient };
}

/** Renders `routes` in a memory router at `path`, inside the app's providers. */
export function renderRoutes(routes: RouteObject[], path: string, user: TestUser | null = null) {
  const store = createTestStore(user);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { ...renderWithProviders(<RouterProvider router={router} />, store), router };
}
