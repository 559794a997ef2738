import { SHARED_KEYS, useApiQuery } from '@liveedu/query';
import { useNotificationsApi } from '@liveedu/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * How many of the signed-in user's notifications are unread, kept live: the notification stream
 * sets the count as it connects and with every new notification (whose arrival also has every
 * notification list read again), and a mark as read anywhere answers it. The stream runs while
 * the calling component is shown and ends with it.
 */
export function useUnreadNotifications(): number {
  const notifications = useNotificationsApi();
  const client = useQueryClient();
  // The stream, not a request, fills this read.
  const unread = useApiQuery(
    SHARED_KEYS.notificationsUnread,
    (signal) =>
      notifications.notifications({ unread: true }, signal).then((page) => ({ unread: page.unread })),
    { enabled: false },
  );
  useEffect(() => {
    const stream = new AbortController();
    void notifications.openNotificationStream({
      signal: stream.signal,
      onUnread: (count) => client.setQueryData(SHARED_KEYS.notificationsUnread, { unread: count }),
      onNotification: () => void client.invalidateQueries({ queryKey: SHARED_KEYS.notifications }),
    });
    return () => stream.abort();
  }, [notifications, client]);
  return unread.data?.unread ?? 0;
}
