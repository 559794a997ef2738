import { configureStore } from '@reduxjs/toolkit';
import { sessionReducer } from './session-slice.ts';

/** A store holding the session; the host creates one, and each remote creates its own when run standalone. */
export function createSessionStore(baseRoute = '/', requestOrigin?: string) {
  return configureStore({
    reducer: { session: sessionReducer },
    preloadedState: {
      session: {
        isLoggedIn: false,
        role: 'student' as const,
        statusOfPage: 'none' as const,
        baseRoute,
        ...(requestOrigin ? { requestOrigin } : {}),
        userId: null,
        restoring: false,
      },
    },
  });
}

export type SessionStore = ReturnType<typeof createSessionStore>;
