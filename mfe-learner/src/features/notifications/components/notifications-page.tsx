import type { AppNotification } from '@liveedu/api-client';
import { SHARED_KEYS, usePagedQuery } from '@liveedu/query';
import {
  Button,
  bareList,
  EmptyState,
  ErrorState,
  flatPanel,
  Loading,
  MarkAllReadButton,
  PagedListEnd,
  theme,
  timeAgo,
  useMarkNotificationsRead,
  useNotificationsApi,
} from '@liveedu/ui';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { PageSection } from '../../../shared/components/page-section.tsx';
import { MailPreferences } from './mail-preferences.tsx';

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  margin-bottom: 1rem;
  label { display: inline-flex; align-items: center; gap: 0.4rem; font-weight: 600; }
`;

const List = styled.ul`
  ${flatPanel}
  ${bareList}
  li {
    display: grid;
    grid-template-columns: 0.6rem minmax(0, 1fr) auto;
    align-items: start;
    gap: 0.2rem 0.75rem;
    padding: 0.8rem 1rem;
  }
  li + li { border-top: 1px solid ${theme.colors.border}; }
  .dot { width: 0.5rem; height: 0.5rem; margin-top: 0.45rem; border-radius: 999px; background: ${theme.colors.primary}; }
  .text { display: grid; gap: 0.15rem; }
  .text a { color: ${theme.colors.ink}; overflow-wrap: anywhere; }
  .unread .text a { font-weight: 600; }
  time { color: ${theme.colors.muted}; font-size: 0.9rem; }
  button { padding: 0.3rem 0.6rem; font-size: 0.85rem; }
`;

const FEED = [...SHARED_KEYS.notifications, 'page'];

/** One notification: a link to what it is about (read once followed), when, and Mark as read. */
function NotificationRow({
  notification,
  markRead,
  busy,
}: {
  notification: AppNotification;
  markRead: (ids: string[]) => void;
  busy: boolean;
}) {
  const { read } = notification;
  return (
    <li className={read ? undefined : 'unread'}>
      {read ? <span /> : <span className="dot" aria-hidden="true" />}
      <div className="text">
        <Link to={notification.link} onClick={() => (read ? undefined : markRead([notification._id]))}>
          {read ? null : <span className="visually-hidden">Unread: </span>}
          {notification.title}
        </Link>
        <time dateTime={notification.createdAt}>{timeAgo(notification.createdAt)}</time>
      </div>
      {read ? null : (
        <Button
          type="button"
          $variant="secondary"
          aria-disabled={busy || undefined}
          aria-label={`Mark as read: ${notification.title}`}
          onClick={() => markRead([notification._id])}
        >
          Mark as read
        </Button>
      )}
    </li>
  );
}

/**
 * /profile/notifications: every notification, newest first, a page at a time (or the unread ones
 * only), each marked read on its own or all at once; and the mail preferences per kind.
 */
export function NotificationsPage() {
  const notifications = useNotificationsApi();
  const filterId = useId();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = usePagedQuery([...FEED, unreadOnly], (page, signal) =>
    notifications
      .notifications({ unread: unreadOnly, page }, signal)
      .then((r) => ({ items: r.notifications, total: r.total, pages: r.pages })),
  );
  const markRead = useMarkNotificationsRead();

  let body: ReactNode;
  if (list.status === 'loading') body = <Loading label="Loading your notifications…" />;
  else if (list.status === 'error') body = <ErrorState message={list.error} onRetry={list.reload} />;
  else if (list.items.length === 0)
    body = <EmptyState message={unreadOnly ? 'No unread notifications' : 'No notifications yet'} />;
  else
    body = (
      <>
        <List aria-label="Notifications">
          {list.items.map((notification) => (
            <NotificationRow
              key={notification._id}
              notification={notification}
              markRead={(ids) => void markRead.mark(ids)}
              busy={markRead.busy}
            />
          ))}
        </List>
        <PagedListEnd list={list} />
      </>
    );

  const anyUnread = list.status === 'ready' && list.items.some((n) => !n.read);
  return (
    <>
      <PageSection>
        <h2>Notifications</h2>
        <Controls>
          <label htmlFor={filterId}>
            <input
              id={filterId}
              type="checkbox"
              checked={unreadOnly}
              onChange={(e) => setUnreadOnly(e.target.checked)}
            />
            Unread only
          </label>
          {anyUnread ? <MarkAllReadButton markRead={markRead} /> : null}
        </Controls>
        {body}
      </PageSection>
      <MailPreferences />
    </>
  );
}
