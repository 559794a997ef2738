import type { useMarkNotificationsRead } from '../notifications.ts';
import { Button } from './button.tsx';

/** Mark all as read, as the bell's menu and the notifications page offer it: idle while a mark is on its way. */
export function MarkAllReadButton({ markRead }: { markRead: ReturnType<typeof useMarkNotificationsRead> }) {
  return (
    <Button
      type="button"
      $variant="secondary"
      aria-disabled={markRead.busy || undefined}
      onClick={() => void markRead.mark('all')}
    >
      Mark all as read
    </Button>
  );
}
