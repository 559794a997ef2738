import { createNotificationsClient, type NotificationsClient } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { useMemo } from 'react';

/** The notification calls, over the session's address and credentials. */
export function useNotificationsApi(): NotificationsClient {
  const { baseUrl } = useApi();
  return useMemo(() => createNotificationsClient({ baseUrl }), [baseUrl]);
}
