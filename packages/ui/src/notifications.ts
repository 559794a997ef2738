import { createNotificationsClient, messageOf, type NotificationsClient } from '@liveedu/api-client';
import { SHARED_KEYS, useApiMutation } from '@liveedu/query';
import { useClientOf } from '@liveedu/session';
import { toast } from './components/toaster.tsx';

/** The notification calls and stream, over the session's address and credentials. */
export function useNotificationsApi(): NotificationsClient {
  return useClientOf(createNotificationsClient);
}

/**
 * Marking notifications read (these ids, or `'all'`), as the bell's menu and the notifications page
 * both do: every list of them is read again, and the unread count is the one the server answers.
 * `mark` tells a failure in a toast; `markInBackground` says nothing of one (a notification
 * followed from a link); `busy` while a mark is on its way.
 */
export function useMarkNotificationsRead() {
  const notifications = useNotificationsApi();
  const markRead = useApiMutation((which: string[] | 'all') => notifications.markRead(which), {
    invalidates: [SHARED_KEYS.notifications],
    answers: SHARED_KEYS.notificationsUnread,
  });
  const mark = async (which: string[] | 'all') => {
    try {
      await markRead.mutateAsync(which);
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  return { mark, markInBackground: markRead.mutate, busy: markRead.isPending };
}
