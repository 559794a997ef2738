import type { LiveSession } from '@liveedu/api-client';
import { formatLiveTime } from '@liveedu/ui';
import {
  answer,
  catchDownloads,
  json,
  liveSession,
  renderRoutes,
  requests,
  unexpected,
} from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveClassesPage } from './live-classes-page.tsx';

const NOW = Date.parse('2026-12-01T09:00:00.000Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(NOW + minutes * MINUTE).toISOString();

const session = (id: string, startsIn: number, overrides: Partial<LiveSession> = {}) =>
  liveSession(new Date(NOW + startsIn * MINUTE), { _id: id, title: `Class ${id}`, ...overrides });

const FEED = 'https://liveedu.test/api/v1/calendar/feed-token-1.ics';

/** The live service: the user's coming classes, their calendar files, and a feed a reset renews. */
function liveServer(sessions: LiveSession[]) {
  let feed = FEED;
  answer(({ method, path }) => {
    if (path === '/api/v1/live-sessions/upcoming') return json({ sessions });
    if (path === '/api/v1/calendar/feed' && method === 'GET') return json({ url: feed });
    if (path === '/api/v1/calendar/feed' && method === 'POST') {
      feed = 'https://liveedu.test/api/v1/calendar/feed-token-2.ics';
      return json({ url: feed });
    }
    const ics = /^\/api\/v1\/live-sessions\/(\w+)\/calendar\.ics$/.exec(path);
    if (ics) {
      return new Response(`BEGIN:VCALENDAR\nUID:${ics[1]}\nEND:VCALENDAR`, {
        headers: { 'content-type': 'text/calendar' },
      });
    }
    return unexpected({ method, path });
  });
}

const openPage = () =>
  renderRoutes(
    [
      { path: '/profile/live-classes', element: <LiveClassesPage now={NOW} /> },
      { path: '/live/:sessionId', element: <h1>Room</h1> },
    ],
    '/profile/live-classes',
    { userId: 'u1', role: 'student', token: 't1' },
  );

/** A class's row in the list. */
async function row(title: string) {
  const list = await screen.findByRole('list', { name: 'Coming live classes' });
  return within(within(list).getByRole('heading', { name: title }).closest('li') as HTMLElement);
}

afterEach(() => vi.restoreAllMocks());

describe('the live classes page', () => {
  it('lists the coming classes with their course, local start, length and state', async () => {
    liveServer([session('s1', 90, { title: 'Graphs, live', description: 'Bring questions' })]);
    openPage();
    const graphs = await row('Graphs, live');
    expect(graphs.getByText('Algorithms · with meera')).toBeTruthy();
    expect(graphs.getByText(formatLiveTime(at(90)))).toBeTruthy();
    expect(graphs.getByText(/60\s+minutes/)).toBeTruthy();
    expect(graphs.getByText('Upcoming')).toBeTruthy();
    expect(graphs.getByText('Bring questions')).toBeTruthy();
  });

  it('lets the user join only from 10 minutes before the start until the end', async () => {
    liveServer([
      session('s1', 11, { title: 'In eleven minutes' }),
      session('s2', 10, { title: 'In ten minutes', state: 'open' }),
      session('s3', -30, { title: 'Half way', state: 'live' }),
    ]);
    openPage();

    const early = await row('In eleven minutes');
    expect(early.queryByRole('link', { name: /Join/ })).toBeNull();
    expect(
      (early.getByRole('button', { name: 'Join In eleven minutes' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(early.getByText(/You can join from/).textContent).toContain(formatLiveTime(at(1)));

    const open = await row('In ten minutes');
    expect(open.getByText('Open for joining')).toBeTruthy();
    expect(open.getByRole('link', { name: 'Join In ten minutes' }).getAttribute('href')).toBe('/live/s2');

    const live = await row('Half way');
    expect(live.getByText('Live now')).toBeTruthy();
    fireEvent.click(live.getByRole('link', { name: 'Join Half way' }));
    expect(await screen.findByRole('heading', { name: 'Room' })).toBeTruthy();
  });

  it("downloads a class's calendar file with the session", async () => {
    const saved = catchDownloads();
    liveServer([session('s1', 90, { title: 'Graphs, live' })]);
    openPage();
    fireEvent.click(
      (await row('Graphs, live')).getByRole('button', { name: 'Add to calendar: Graphs, live' }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('graphs-live.ics');
    expect(await saved[0]?.blob.text()).toContain('UID:s1');
    const call = requests().find((r) => r.path.endsWith('calendar.ics'));
    expect(call?.headers).toMatchObject({ authorization: 'Bearer t1', id: 'u1' });
  });

  it('says so when no class is coming', async () => {
    liveServer([]);
    openPage();
    expect(await screen.findByText('No live classes coming up in your courses')).toBeTruthy();
  });

  it('copies the private calendar link, and resets it after saying the old one stops working', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    liveServer([]);
    openPage();
    const link = (await screen.findByLabelText('Your calendar link')) as HTMLInputElement;
    expect(link.value).toBe(FEED);
    fireEvent.click(screen.getByRole('button', { name: 'Copy calendar link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FEED));
    expect(await screen.findByText('The calendar link is copied')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset your calendar link?' });
    expect(dialog.textContent).toContain('The old link stops working');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Your calendar link') as HTMLInputElement).value).toBe(
        'https://liveedu.test/api/v1/calendar/feed-token-2.ics',
      ),
    );
    expect(
      requests()
        .filter((r) => r.method === 'POST')
        .map((r) => r.path),
    ).toEqual(['/api/v1/calendar/feed']);
  });

  it('shows a failed load with a retry', async () => {
    answer(() => json({ message: 'Live classes are unavailable' }, 503));
    openPage();
    expect((await screen.findAllByText('Live classes are unavailable')).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});
