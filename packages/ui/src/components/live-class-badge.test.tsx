import { createQueryClient, QueryProvider } from '@liveedu/query';
import {
  answer,
  createTestStore,
  json,
  renderRoutes,
  requestedPaths,
  unexpected,
} from '@liveedu/web-test-kit';
import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatLiveTime } from '../live-classes.ts';
import { LiveClassBadge } from './live-class-badge.tsx';

const NOW = Date.parse('2026-12-01T09:00:00.000Z');
const minutes = (n: number) => new Date(NOW + n * 60_000).toISOString();

function serveStatus(status: unknown, code = 200) {
  answer((request) =>
    request.path === '/api/v1/courses/c1/live-status' ? json(status, code) : unexpected(request),
  );
}

const renderBadge = () =>
  renderRoutes(
    [
      { path: '/course', element: <LiveClassBadge courseId="c1" now={NOW} /> },
      { path: '/live/:sessionId', element: <h1>Room</h1> },
    ],
    '/course',
  );

describe("a course's live badge", () => {
  it.each([
    ['while a class is live', { live: true, sessionId: 's1', nextStartsAt: null }],
    ['from 10 minutes before the start', { live: false, sessionId: 's2', nextStartsAt: minutes(8) }],
  ])('says Live now with Join to the room %s', async (_when, status) => {
    serveStatus(status);
    renderBadge();
    const badge = await screen.findByRole('status');
    expect(badge.textContent).toContain('Live now');
    expect(within(badge).getByRole('link', { name: 'Join' }).getAttribute('href')).toBe(
      `/live/${status.sessionId}`,
    );
  });

  it('names the next class in local time when joining has not opened', async () => {
    serveStatus({ live: false, sessionId: 's3', nextStartsAt: minutes(60) });
    renderBadge();
    expect(await screen.findByText(`${formatLiveTime(minutes(60))}`)).toBeTruthy();
    expect(screen.getByText(/Next live class:/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Join' })).toBeNull();
  });

  it('shows nothing when no class is coming, nor when the status cannot be read', async () => {
    serveStatus({ live: false, sessionId: null, nextStartsAt: null });
    const { container, unmount } = renderBadge();
    await new Promise((r) => setTimeout(r, 100));
    expect(requestedPaths()).toEqual(['/api/v1/courses/c1/live-status']);
    expect(container.textContent).toBe('');
    unmount();

    serveStatus({ message: 'Live classes are unavailable' }, 503);
    const failed = renderBadge();
    await new Promise((r) => setTimeout(r, 100));
    expect(failed.container.textContent).toBe('');
  });

  it('renders nothing on the server and asks nothing there', () => {
    serveStatus({ live: true, sessionId: 's1', nextStartsAt: null });
    const router = createMemoryRouter([{ path: '/', element: <LiveClassBadge courseId="c1" /> }]);
    const html = renderToString(
      <Provider store={createTestStore()}>
        <QueryProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryProvider>
      </Provider>,
    );
    expect(html).toBe('');
    expect(requestedPaths()).toEqual([]);
  });
});
