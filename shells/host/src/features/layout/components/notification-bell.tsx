import { Loading, lazyPage, media, theme } from '@liveedu/ui';
import { Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { useUnreadNotifications } from '../hooks/use-unread-notifications.ts';
import { HeaderIconContent, headerIconBox } from './header-icon.tsx';
import { MenuBox } from './notification-menu-box.tsx';

// Its own chunk, fetched when the bell is first pointed at or opened. Named `page-…` because the
// measure of the home page's JavaScript leaves out the chunks loaded on demand by that prefix.
const NotificationMenu = lazyPage(
  'NotificationMenu',
  () => import(/* webpackChunkName: "page-notification-menu" */ './notification-menu.tsx'),
);

const Wrap = styled.div`
  position: relative;
  ${media.md} { order: 1; }
`;

const BellButton = styled.button`
  ${headerIconBox}
  padding: 0;
  border: 0;
  background: transparent;
  cursor: pointer;
  &[aria-expanded='true'] { color: ${theme.colors.primary}; }
`;

/** "3 unread notifications", "1 unread notification". */
export const unreadLabel = (count: number) => `${count} unread notification${count === 1 ? '' : 's'}`;

/**
 * The signed-in user's bell in the header: how many notifications are unread, kept live by the
 * notification stream, and a dropdown of the newest ones (loaded when first opened). Escape or a
 * click elsewhere closes it.
 */
export function NotificationBell() {
  const unread = useUnreadNotifications();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const preload = () => void NotificationMenu.preload().catch(() => {});
  return (
    <Wrap ref={wrap}>
      <BellButton
        ref={button}
        type="button"
        aria-label={unreadLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen((o) => !o)}
      >
        <HeaderIconContent
          path="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0"
          count={unread}
          label={unread > 99 ? '99+' : String(unread)}
          tone="danger"
        />
      </BellButton>
      {open ? (
        <Suspense
          fallback={
            <MenuBox id={menuId} aria-label="Notifications">
              <Loading label="Loading your notifications…" />
            </MenuBox>
          }
        >
          <NotificationMenu id={menuId} onClose={close} />
        </Suspense>
      ) : null}
    </Wrap>
  );
}
