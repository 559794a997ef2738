import type { PageStatus, Role } from '@liveedu/api-client';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface SessionState {
  isLoggedIn: boolean;
  role: Role;
  statusOfPage: PageStatus;
  /** Base address of the API; the `api/v1/...` paths are relative to it. */
  baseRoute: string;
  /** Where a server render sends its requests when `baseRoute` is a path (its links stay relative). */
  requestOrigin?: string;
  /** Id of the logged-in user, as stored beside the token. */
  userId: string | null;
  /** True while the stored credentials are being checked at start. */
  restoring: boolean;
}

export const initialSessionState: SessionState = {
  isLoggedIn: false,
  role: 'student',
  statusOfPage: 'none',
  baseRoute: '/',
  userId: null,
  restoring: false,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    baseRouteSet(state, action: PayloadAction<string>) {
      state.baseRoute = action.payload;
    },
    restoreStarted(state) {
      state.restoring = true;
    },
    restoreFinished(state) {
      state.restoring = false;
    },
    loggedIn(state, action: PayloadAction<{ userId: string; role?: Role }>) {
      state.isLoggedIn = true;
      state.userId = action.payload.userId;
      // The role from the log-in answer is kept only when it is not the default one.
      if (action.payload.role && action.payload.role !== 'student') state.role = action.payload.role;
    },
    userDataLoaded(state, action: PayloadAction<{ role: Role; stausOfPage?: PageStatus | null }>) {
      state.role = action.payload.role;
      state.statusOfPage = action.payload.stausOfPage ?? 'none';
    },
    statusOfPageSet(state, action: PayloadAction<PageStatus>) {
      state.statusOfPage = action.payload;
    },
    loggedOut(state) {
      state.isLoggedIn = false;
      state.role = 'student';
      state.statusOfPage = 'none';
      state.userId = null;
      state.restoring = false;
    },
  },
});

export const sessionActions = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

export interface RootStateWithSession {
  session: SessionState;
}

export const selectSession = (state: RootStateWithSession) => state.session;
