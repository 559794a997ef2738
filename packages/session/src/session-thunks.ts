import {
  ApiError,
  clearCredentials,
  createApiClient,
  type LoginResponse,
  readCredentials,
  writeCredentials,
} from '@liveedu/api-client';
import type { Dispatch } from '@reduxjs/toolkit';
import { type RootStateWithSession, sessionActions } from './session-slice.ts';

type GetState = () => RootStateWithSession;

function clientFor(getState: GetState) {
  return createApiClient({ baseUrl: getState().session.baseRoute });
}

/** Reload the role and page status of the logged-in user from the server. */
export function refreshUserData() {
  return async (dispatch: Dispatch, getState: GetState) => {
    const user = await clientFor(getState).getUserData();
    dispatch(sessionActions.userDataLoaded({ role: user.role, stausOfPage: user.stausOfPage }));
    return user;
  };
}

/**
 * At start: a stored id and token mean the visitor is logged in; the role and status then come
 * from the server. A token the server refuses (401/403/404) is dropped; a server that cannot be
 * reached keeps the session so an outage does not log everybody out.
 */
export function restoreSession() {
  return async (dispatch: Dispatch, getState: GetState) => {
    const stored = readCredentials();
    if (!stored) return false;
    dispatch(sessionActions.restoreStarted());
    dispatch(sessionActions.loggedIn({ userId: stored.id }));
    try {
      await refreshUserData()(dispatch, getState);
      return true;
    } catch (error) {
      if (error instanceof ApiError && [401, 403, 404].includes(error.status)) {
        clearCredentials();
        dispatch(sessionActions.loggedOut());
        return false;
      }
      return true;
    } finally {
      dispatch(sessionActions.restoreFinished());
    }
  };
}

/** Store the credentials of a successful log-in, mark the session and reload the user data. */
export function completeLogin(response: LoginResponse) {
  return async (dispatch: Dispatch, getState: GetState) => {
    writeCredentials({ id: response._id, token: response.token });
    dispatch(sessionActions.loggedIn({ userId: response._id, role: response.role }));
    try {
      await refreshUserData()(dispatch, getState);
    } catch {
      // The log-in answer already carried the role; the status is reloaded on the next start.
    }
    return response.role;
  };
}

/**
 * Forgets the credentials here and asks the server to end the session, so the token stops working
 * everywhere (not only in this browser). Leaving does not wait for the answer: an unreachable
 * server still logs the browser out.
 */
export function logOut() {
  return (dispatch: Dispatch, getState: GetState) => {
    const stored = readCredentials();
    if (stored) {
      createApiClient({ baseUrl: getState().session.baseRoute, credentials: () => stored })
        .logOut()
        .catch(() => {});
    }
    clearCredentials();
    dispatch(sessionActions.loggedOut());
  };
}
