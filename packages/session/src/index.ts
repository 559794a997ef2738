export { type SessionDispatch, useApi, useClientOf, useSession, useSessionDispatch } from './hooks.ts';
export {
  initialSessionState,
  type RootStateWithSession,
  type SessionState,
  selectSession,
  sessionActions,
  sessionReducer,
  sessionSlice,
} from './session-slice.ts';
export { completeLogin, logOut, refreshUserData, restoreSession } from './session-thunks.ts';
export { createSessionStore, type SessionStore } from './store.ts';
