import {
  type AppNotification,
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from '@liveedu/api-client';
import {
  answer,
  CurrentLocation,
  createTestStore,
  expectNextPage,
  json,
  renderWithProviders,
  requests,
  unexpected,
} from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotificationsPage } from './notifications-page.tsx';

const notification = (n: number, changes: Partial<AppNotification> = {}): AppNotification => ({
  _id: `n${n}`,
  kind: 'announcement',
  title: `Announcement ${n} in Typed JavaScript`,
  link: `/learn/c1/user/u1?tab=announcements&n=${n}`,
  createdAt: new Date(Date.now() - n * 24 * 60 * 60_000).toISOString(),
  read: false,
  ...changes,
});

const DEFAULTS: NotificationPreferences = { ...DEFAULT_NOTIFICATION_PREFERENCES };

/**
 * The notifications service over `all` (newest first, 20 a page; `?unread=true` keeps the unread),
 * marking read, and the preferences a PUT changes (`refuse` answers the next save with that message).
 */
function notificationServer(all: AppNotification[], options: { failList?: boolean } = {}) {
  let preferences = { ...DEFAULTS };
  const next: { refuse?: string } = {};
  const unread = () => all.filter((n) => !n.read).length;
  answer((request) => {
    const url = new URL(`http://x${request.path}`);
    if (url.pathname === '/api/v1/notifications' && request.method === 'GET') {
      if (options.failList) return json({ message: 'Notifications are unavailable' }, 503);
      const kept = url.searchParams.get('unread') === 'true' ? all.filter((n) => !n.read) : all;
      const page = Number(url.searchParams.get('page') ?? 1);
      return json({
        notifications: kept.slice((page - 1) * 20, page * 20),
        unread: unread(),
        page,
        pages: Math.max(1, Math.ceil(kept.length / 20)),
        total: kept.length,
      });
    }
    if (url.pathname === '/api/v1/notifications/read' && request.method === 'POST') {
      const body = request.body as { ids?: string[]; all?: boolean };
      for (const n of all) if (body.all || body.ids?.includes(n._id)) n.read = true;
      return json({ unread: unread() });
    }
    if (url.pathname === '/api/v1/notification-preferences') {
      if (request.method === 'PUT') {
        if (next.refuse) return json({ message: next.refuse }, 400);
        preferences = {
          ...preferences,
          ...(request.body as { preferences: NotificationPreferences }).preferences,
        };
      }
      return json({ preferences });
    }
    return unexpected(request);
  });
  return next;
}

function openPage(role: 'student' | 'tutor' = 'student') {
  renderWithProviders(
    <MemoryRouter initialEntries={['/profile/notifications']}>
      <Routes>
        <Route path="/profile/notifications" element={<NotificationsPage />} />
        <Route path="*" element={<CurrentLocation />} />
      </Routes>
    </MemoryRouter>,
    createTestStore({ userId: 'u1', role, token: 't1' }),
  );
}

const list = () => screen.findByRole('list', { name: 'Notifications' });

describe('the notifications page', () => {
  it('lists every notification a page at a time, and the unread ones only when asked', async () => {
    const all = Array.from({ length: 22 }, (_, i) => notification(i + 1, { read: i % 2 === 1 }));
    notificationServer(all);
    openPage();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('Showing 20 of 22')).toBeTruthy();
    await expectNextPage('Announcement 22 in Typed JavaScript', 'Showing 22 of 22');

    fireEvent.click(screen.getByLabelText('Unread only'));
    await waitFor(() => expect(screen.queryByText('Announcement 2 in Typed JavaScript')).toBeNull());
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(11);
    expect(screen.getByText('Showing 11 of 11')).toBeTruthy();
    expect(requests().map((r) => r.path)).toContain('/api/v1/notifications?unread=true');
  });

  it('marks one read, then all; an unread filter left empty says so', async () => {
    notificationServer([notification(1), notification(2), notification(3, { read: true })]);
    openPage();
    await list();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as read: Announcement 1 in Typed JavaScript' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Mark as read: Announcement 1 in Typed JavaScript' }),
      ).toBeNull(),
    );
    expect(requests().find((r) => r.method === 'POST')?.body).toEqual({ ids: ['n1'] });

    fireEvent.click(screen.getByLabelText('Unread only'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('No unread notifications')).toBeTruthy();
    expect(
      requests()
        .filter((r) => r.method === 'POST')
        .at(-1)?.body,
    ).toEqual({ all: true });
  });

  it('follows a notification to its link, marking it read', async () => {
    notificationServer([notification(1)]);
    openPage();
    fireEvent.click(
      within(await list()).getByRole('link', { name: 'Unread: Announcement 1 in Typed JavaScript' }),
    );
    expect(await screen.findByText('At /learn/c1/user/u1?tab=announcements&n=1')).toBeTruthy();
    await waitFor(() => expect(requests().find((r) => r.method === 'POST')?.body).toEqual({ ids: ['n1'] }));
  });

  it('says when there are none yet', async () => {
    notificationServer([]);
    openPage();
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    notificationServer([notification(1)], { failList: true });
    openPage();
    expect(await screen.findByText('Notifications are unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('mail preferences', () => {
  it("offers a student the learner's kinds and saves a choice per kind with PUT", async () => {
    notificationServer([]);
    openPage();
    const form = await screen.findByRole('form', { name: 'Mail preferences' });
    expect(within(form).queryByRole('group', { name: 'New questions in the courses I teach' })).toBeNull();
    const announcements = within(form).getByRole('group', { name: 'Announcements in my courses' });
    expect((within(announcements).getByLabelText('Daily digest') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(announcements).getByLabelText('Off'));
    const answers = within(form).getByRole('group', { name: 'Answers to questions I asked or follow' });
    expect((within(answers).getByLabelText('Right away') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(answers).getByLabelText('Daily digest'));
    const reminders = within(form).getByRole('group', { name: 'Reminders before my live classes' });
    expect((within(reminders).getByLabelText('Right away') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(reminders).getByLabelText('Off'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save mail preferences' }));

    expect(await within(form).findByText('Your mail preferences are saved')).toBeTruthy();
    const put = requests().find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/v1/notification-preferences');
    expect(put?.body).toEqual({
      preferences: {
        answer: 'daily',
        accepted: 'instant',
        announcement: 'off',
        liveScheduled: 'daily',
        liveCancelled: 'instant',
        liveReminder: 'off',
        graded: 'instant',
        application: 'instant',
      },
    });
    expect((within(announcements).getByLabelText('Off') as HTMLInputElement).checked).toBe(true);
  });

  it("offers a tutor the tutor's kinds too, and shows a refused save", async () => {
    const next = notificationServer([]);
    openPage('tutor');
    const form = await screen.findByRole('form', { name: 'Mail preferences' });
    const sales = within(form).getByRole('group', { name: 'My courses sold' });
    fireEvent.click(within(sales).getByLabelText('Right away'));
    next.refuse = 'preferences/sale must be instant, daily or off';
    fireEvent.click(within(form).getByRole('button', { name: 'Save mail preferences' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'preferences/sale must be instant, daily or off',
    );
    expect(
      (requests().find((r) => r.method === 'PUT')?.body as { preferences?: object } | undefined)?.preferences,
    ).toMatchObject({
      sale: 'instant',
      question: 'daily',
      review: 'daily',
      withdrawal: 'instant',
    });
  });
});
