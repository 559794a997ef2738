import { type ApiClient, type ApiClientOptions, createApiClient } from '@liveedu/api-client';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { RootStateWithSession, SessionState } from './session-slice.ts';

export const useSession = (): SessionState => useSelector((state: RootStateWithSession) => state.session);

export type SessionDispatch = ThunkDispatch<RootStateWithSession, unknown, UnknownAction>;
export const useSessionDispatch = (): SessionDispatch => useDispatch<SessionDispatch>();

/** The API client bound to the session's base route. */
export function useApi(): ApiClient {
  const baseRoute = useSelector((state: RootStateWithSession) => state.session.baseRoute);
  const requestOrigin = useSelector((state: RootStateWithSession) => state.session.requestOrigin);
  return useMemo(() => createApiClient({ baseUrl: baseRoute, requestOrigin }), [baseRoute, requestOrigin]);
}

/**
 * A client of one area's calls (`createLearningClient`, `createLiveScheduleClient`…) over the
 * session's address and credentials: the same client while the address stays.
 */
export function useClientOf<Client>(create: (options: ApiClientOptions) => Client): Client {
  const { baseUrl } = useApi();
  return useMemo(() => create({ baseUrl }), [create, baseUrl]);
}
