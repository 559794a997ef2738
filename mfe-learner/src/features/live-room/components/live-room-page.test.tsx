import type { LiveSession } from '@liveedu/api-client';
import { formatLiveTime } from '@liveedu/ui';
import { answer, json, liveSession, renderRoutes, requests, unexpected } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveRoomPage } from './live-room-page.tsx';

const NOW = Date.parse('2026-12-01T09:00:00.000Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(NOW + minutes * MINUTE).toISOString();

const session = (startsIn: number, overrides: Partial<LiveSession> = {}) =>
  liveSession(new Date(NOW + startsIn * MINUTE), {
    description: 'Bring your questions about shortest paths.',
    ...overrides,
  });

/** The live service: the class, and what a join answers. */
function liveServer(live: LiveSession, join: { status: number; body: unknown }) {
  answer(({ method, path }) => {
    if (method === 'GET' && path === '/api/v1/live-sessions/s1') return json({ session: live });
    if (method === 'POST' && path === '/api/v1/live-sessions/s1/join') return json(join.body, join.status);
    return unexpected({ method, path });
  });
}

const openRoom = (
  user: { userId: string; role: 'student' | 'tutor' } | null = { userId: 'u1', role: 'student' },
) =>
  renderRoutes(
    [
      { path: '/live/:sessionId', element: <LiveRoomPage now={NOW} /> },
      { path: '/login', element: <h1>Log in</h1> },
    ],
    '/live/s1',
    user ? { ...user, token: 't1' } : null,
  );

describe('the live class room page', () => {
  it('asks a visitor to log in, and asks the live service nothing', async () => {
    answer(unexpected);
    openRoom(null);
    expect(await screen.findByText('Log in to join this live class.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(requests()).toHaveLength(0);
  });

  it('before joining opens, shows the class, when it opens and how long that is, and no Join', async () => {
    const coming = session(45);
    liveServer(coming, { status: 409, body: { message: 'unused' } });
    openRoom();
    expect(await screen.findByRole('heading', { name: 'Graphs, live' })).toBeTruthy();
    expect(
      screen.getByText(`Algorithms · with meera · ${formatLiveTime(coming.startsAt)} · 60 minutes`),
    ).toBeTruthy();
    expect(screen.getByText(`Opens for joining at ${formatLiveTime(coming.joinOpensAt)}`)).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('Opens in 35 minutes');
    expect(screen.getByText('Bring your questions about shortest paths.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('shows the live service’s word when it refuses a join as not open yet', async () => {
    liveServer(session(5, { state: 'open' }), {
      status: 409,
      body: { message: `This live class opens for joining at ${at(6)}` },
    });
    openRoom();
    fireEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `This live class opens for joining at ${at(6)}`,
    );
    // The class is read again: it may have moved on.
    await waitFor(() =>
      expect(requests().filter((r) => r.path === '/api/v1/live-sessions/s1').length).toBeGreaterThan(1),
    );
  });

  it('tells a member the host removed that they cannot come back in', async () => {
    liveServer(session(-5, { state: 'live' }), {
      status: 403,
      body: { message: 'The host removed you from this live class' },
    });
    openRoom();
    fireEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The host removed you from this live class');
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('says a class has ended once its end has passed, and offers no Join', async () => {
    liveServer(session(-90, { state: 'live' }), {
      status: 409,
      body: { message: 'This live class has ended' },
    });
    openRoom();
    expect(await screen.findByText('This live class has ended')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('says a cancelled class was cancelled', async () => {
    liveServer(session(30, { state: 'cancelled' }), { status: 409, body: { message: 'cancelled' } });
    openRoom();
    expect(await screen.findByText('This live class was cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('says so when the class is not one of the member’s', async () => {
    answer(() => json({ message: 'Live session not found' }, 404));
    openRoom();
    expect((await screen.findByRole('alert')).textContent).toContain('Live session not found');
  });
});
