import { createLiveScheduleClient, type LiveScheduleClient } from '@liveedu/api-client';
import { useClientOf } from '@liveedu/session';

/** The live class calls (schedule, change, cancel, attendance), over the session's address. */
export function useLiveScheduleApi(): LiveScheduleClient {
  return useClientOf(createLiveScheduleClient);
}
