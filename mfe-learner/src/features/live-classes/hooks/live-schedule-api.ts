import { createLiveScheduleClient, type LiveScheduleClient } from '@liveedu/api-client';
import { useClientOf } from '@liveedu/session';

/** The live class calls (coming classes, calendar files and feed), over the session's address. */
export function useLiveScheduleApi(): LiveScheduleClient {
  return useClientOf(createLiveScheduleClient);
}
