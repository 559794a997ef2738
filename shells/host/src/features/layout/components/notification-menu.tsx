import type { AppNotification } from '@liveedu/api-client';
import { SHARED_KEYS, useApiQuery } from '@liveedu/query';
import {
  bareList,
  ErrorState,
  Loading,
  MarkAllReadButton,
  theme,
  timeAgo,
  useMarkNotificationsRead,
  useNotificationsApi,
} from '@liveedu/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { MenuBox } from './notification-menu-box.tsx';

/** How many of the newest notifications the dropdown shows. */
export const LATEST_SHOWN = 8;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  padding: 0.6rem 0.9rem;
  border-bottom: 1px solid ${theme.colors.border};
  h2 { margin: 0; font-size: 1rem; }
  button { padding: 0.3rem 0.6rem; font-size: 0.85rem; }
`;

const List = styled.ul`
  ${bareList}
  li + li { border-top: 1px solid ${theme.colors.border}; }
  a {
    display: grid;
    grid-template-columns: 0.6rem 1fr;
    gap: 0.15rem 0.6rem;
    padding: 0.65rem 0.9rem;
    color: ${theme.colors.ink};
    text-decoration: none;
  }
  a:hover, a:focus-visible { background: ${theme.colors.background}; }
  .dot {
    width: 0.5rem;
    height: 0.5rem;
    margin-top: 0.45rem;
    border-radius: 999px;
    background: ${theme.colors.primary};
  }
  .title { overflow-wrap: anywhere; }
  .unread .title { font-weight: 600; }
  time { grid-column: 2; color: ${theme.colors.muted}; font-size: 0.85rem; }
`;

const Empty = styled.p`
  margin: 0;
  padding: 1.5rem 0.9rem;
  text-align: center;
  color: ${theme.colors.muted};
`;

const Foot = styled.div`
  padding: 0.6rem 0.9rem;
  border-top: 1px solid ${theme.colors.border};
  text-align: center;
  a { font-weight: 600; }
`;

/** One notification: a link to what it is about, marked read as it is followed. */
function Row({
  notification,
  onOpen,
}: {
  notification: AppNotification;
  onOpen: (n: AppNotification) => void;
}) {
  return (
    <li className={notification.read ? undefined : 'unread'}>
      <Link to={notification.link} onClick={() => onOpen(notification)}>
        {notification.read ? <span /> : <span className="dot" aria-hidden="true" />}
        <span className="title">
          {notification.read ? null : <span className="visually-hidden">Unread: </span>}
          {notification.title}
        </span>
        <time dateTime={notification.createdAt}>{timeAgo(notification.createdAt)}</time>
      </Link>
    </li>
  );
}

/**
 * The bell's dropdown: the newest notifications (title, how long ago, a dot on the unread ones),
 * each leading to what it is about and marked read as it is followed; Mark all as read; and See
 * all, the notifications page.
 */
export function NotificationMenu({ id, onClose }: { id: string; onClose: () => void }) {
  const notifications = useNotificationsApi();
  const latest = useApiQuery([...SHARED_KEYS.notifications, 'latest'], (signal) =>
    notifications.notifications({}, signal),
  );
  const markRead = useMarkNotificationsRead();

  const open = (notification: AppNotification) => {
    if (!notification.read) markRead.markInBackground([notification._id]);
    onClose();
  };

  let body: ReactNode;
  if (latest.status === 'loading') body = <Loading label="Loading your notifications…" />;
  else if (latest.status === 'error') body = <ErrorState message={latest.error} onRetry={latest.reload} />;
  else if (latest.data.notifications.length === 0) body = <Empty>No notifications yet</Empty>;
  else
    body = (
      <List aria-label="Newest notifications">
        {latest.data.notifications.slice(0, LATEST_SHOWN).map((notification) => (
          <Row key={notification._id} notification={notification} onOpen={open} />
        ))}
      </List>
    );

  const anyUnread = latest.status === 'ready' && latest.data.unread > 0;
  return (
    <MenuBox id={id} aria-label="Notifications">
      <Head>
        <h2>Notifications</h2>
        {anyUnread ? <MarkAllReadButton markRead={markRead} /> : null}
      </Head>
      {body}
      <Foot>
        <Link to="/profile/notifications" onClick={onClose}>
          See all
        </Link>
      </Foot>
    </MenuBox>
  );
}
