import { createNotificationsClient, type NotificationsClient } from '@liveedu/api-client';
import { useClientOf } from '@liveedu/session';

/** The notification calls and stream, over the session's address and credentials. */
export function useNotificationsApi(): NotificationsClient {
  return useClientOf(createNotificationsClient);
}
