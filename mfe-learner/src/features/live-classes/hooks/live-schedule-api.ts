import { createLiveScheduleClient, type LiveScheduleClient } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { useMemo } from 'react';

/** The live class calls (coming classes, calendar files and feed), over the session's address. */
export function useLiveScheduleApi(): LiveScheduleClient {
  const { baseUrl } = useApi();
  return useMemo(() => createLiveScheduleClient({ baseUrl }), [baseUrl]);
}
