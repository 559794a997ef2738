import { createLiveRoomClient, type LiveRoomClient } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { useMemo } from 'react';

/** The live room's calls (read, join, the host's actions), over the session's address and credentials. */
export function useLiveRoomApi(): LiveRoomClient {
  const { baseUrl } = useApi();
  return useMemo(() => createLiveRoomClient({ baseUrl }), [baseUrl]);
}
