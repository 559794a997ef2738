import { type CommunityClient, createCommunityClient } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { useMemo } from 'react';

/** The community calls (questions, answers, announcements), over the session's address and credentials. */
export function useCommunityApi(): CommunityClient {
  const { baseUrl } = useApi();
  return useMemo(() => createCommunityClient({ baseUrl }), [baseUrl]);
}
