import type { AppNotification } from '@liveedu/api-client';
import {
  answer,
  CurrentLocation,
  createTestStore,
  json,
  renderWithProviders,
  requests,
  unexpected,
} from '@liveedu/web-test-kit';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavBar } from './nav-bar.tsx';

const notification = (n: number, changes: Partial<AppNotification> = {}): AppNotification => ({
  _id: `n${n}`,
  kind: 'answer',
  title: `Meera answered your question ${n}`,
  link: `/learn/c1/user/u1?question=q${n}`,
  createdAt: new Date(Date.now() - n * 60 * 60_000).toISOString(),
  read: false,
  ...changes,
});

/** The notification stream as the server sends it: frames pushed by the test while it stays open. */
function liveStream() {
  const encoder = new TextEncoder();
  let push: (text: string) => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(encoder.encode(text));
    },
  });
  return {
    response: () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    unread: (unread: number) => push(`event: unread\ndata: {"unread":${unread}}\n\n`),
    notification: (n: AppNotification, unread: number) =>
      push(`event: notification\nid: ${n._id}\ndata: ${JSON.stringify({ ...n, unread })}\n\n`),
  };
}

/**
 * The notifications service over `all` (newest first): the stream, the list (with `?unread=true`)
 * and marking read, which answers how many stay unread.
 */
function notificationServer(all: AppNotification[]) {
  const stream = liveStream();
  const unread = () => all.filter((n) => !n.read).length;
  answer((request) => {
    const url = new URL(`http://x${request.path}`);
    if (url.pathname === '/api/v1/notifications/stream') return stream.response();
    if (url.pathname === '/api/v1/notifications' && request.method === 'GET') {
      const kept = url.searchParams.get('unread') === 'true' ? all.filter((n) => !n.read) : all;
      return json({
        notifications: kept.slice(0, 20),
        unread: unread(),
        page: 1,
        pages: 1,
        total: kept.length,
      });
    }
    if (url.pathname === '/api/v1/notifications/read' && request.method === 'POST') {
      const body = request.body as { ids?: string[]; all?: boolean };
      for (const n of all) if (body.all || body.ids?.includes(n._id)) n.read = true;
      return json({ unread: unread() });
    }
    return unexpected(request);
  });
  return stream;
}

/** The bar of the admin, who has no cart: the bell's requests are all the bar sends. */
function renderBar(loggedIn = true) {
  const role = 'admin';
  return renderWithProviders(
    <MemoryRouter initialEntries={['/courses']}>
      <NavBar isLoggedIn={loggedIn} role={role} showTeachLink={false} />
      <Routes>
        <Route path="*" element={<CurrentLocation />} />
      </Routes>
    </MemoryRouter>,
    createTestStore(loggedIn ? { userId: 'u1', role: 'admin', token: 't1' } : null),
  );
}

const bell = (name: string | RegExp) => screen.findByRole('button', { name });

describe('the notification bell', () => {
  it('shows the unread count from the stream and follows a streamed notification without reloading', async () => {
    const stream = notificationServer([]);
    renderBar();
    await waitFor(() => expect(requests().some((r) => r.path === '/api/v1/notifications/stream')).toBe(true));
    const opened = requests().find((r) => r.path === '/api/v1/notifications/stream');
    expect(opened?.headers).toMatchObject({ authorization: 'Bearer t1', accept: 'text/event-stream' });
    act(() => stream.unread(2));
    const button = await bell('2 unread notifications');
    expect(button.textContent).toBe('2');
    act(() => stream.notification(notification(1), 3));
    await bell('3 unread notifications');
    expect(button.textContent).toBe('3');
    // Only the stream was asked: the count came live.
    expect(requests().map((r) => r.path)).toEqual(['/api/v1/notifications/stream']);
  });

  it('opens the newest eight; following one marks it read and goes to its link', async () => {
    const all = Array.from({ length: 10 }, (_, i) => notification(i + 1, { read: i >= 3 }));
    const stream = notificationServer(all);
    renderBar();
    await waitFor(() => expect(requests()).toHaveLength(1));
    act(() => stream.unread(3));
    fireEvent.click(await bell('3 unread notifications'));
    // The dropdown's own chunk arrives, then its list.
    const list = await screen.findByRole('list', { name: 'Newest notifications' });
    const menu = screen.getByRole('region', { name: 'Notifications' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(8);
    expect(links[0]?.textContent).toBe('Unread: Meera answered your question 11 hour ago');
    expect(links[3]?.textContent).toBe('Meera answered your question 44 hours ago');
    expect(within(menu).getByRole('link', { name: 'See all' }).getAttribute('href')).toBe(
      '/profile/notifications',
    );

    fireEvent.click(links[1] as HTMLElement);
    expect(await screen.findByText('At /learn/c1/user/u1?question=q2')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    await bell('2 unread notifications');
    const read = requests().find((r) => r.method === 'POST');
    expect(read?.path).toBe('/api/v1/notifications/read');
    expect(read?.body).toEqual({ ids: ['n2'] });
  });

  it('marks every notification read at once', async () => {
    const stream = notificationServer([notification(1), notification(2)]);
    renderBar();
    await waitFor(() => expect(requests()).toHaveLength(1));
    act(() => stream.unread(2));
    fireEvent.click(await bell('2 unread notifications'));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    const button = await bell('0 unread notifications');
    expect(button.textContent).toBe('');
    expect(requests().find((r) => r.method === 'POST')?.body).toEqual({ all: true });
    // The list is read again: no unread dot is left.
    await waitFor(() => expect(screen.queryByText('Unread:', { exact: false })).toBeNull());
  });

  it('says when there are none yet, and closes with Escape', async () => {
    const stream = notificationServer([]);
    renderBar();
    await waitFor(() => expect(requests()).toHaveLength(1));
    act(() => stream.unread(0));
    const button = await bell('0 unread notifications');
    fireEvent.click(button);
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('is not there for a visitor, who opens no stream', async () => {
    answer(() => json({ message: 'nothing for a visitor' }, 599));
    renderBar(false);
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /unread notification/ })).toBeNull();
    expect(requests()).toHaveLength(0);
  });
});
