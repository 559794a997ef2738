import { createLiveRoomClient, type LiveRoomClient } from '@liveedu/api-client';
import { useClientOf } from '@liveedu/session';

/** The live room's calls (read, join, the host's actions), over the session's address and credentials. */
export function useLiveRoomApi(): LiveRoomClient {
  return useClientOf(createLiveRoomClient);
}
