import type { PostReport } from '@liveedu/api-client';
import { answer, json, requests, unexpected } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderDashboard } from '../../../shared/testing/render-dashboard.tsx';

afterEach(() => vi.unstubAllGlobals());

function report(n: number, changes: Partial<PostReport> = {}): PostReport {
  return {
    _id: `r${n}`,
    kind: 'question',
    questionId: `q${n}`,
    answerId: null,
    courseId: 'c1',
    title: `Question ${n} about closures`,
    excerpt: `Buy followers at example ${n}`,
    author: { _id: `u${n}`, name: `spammer${n}`, instructor: false },
    reasons: [
      { reason: 'Spam', reporterId: 'a', at: '2026-11-27T10:00:00.000Z' },
      { reason: 'Advertising a shop', reporterId: 'b', at: '2026-11-27T11:00:00.000Z' },
    ],
    status: 'open',
    createdAt: '2026-11-27T10:00:00.000Z',
    ...changes,
  };
}

/**
 * The community service's reports over `all`: `?status=open` the open ones, `closed` the hidden or
 * dismissed; an action on an open one closes it; on a closed one it is a 409.
 */
function reportServer(all: PostReport[], options: { fail?: boolean } = {}) {
  answer((request) => {
    const url = new URL(`http://x${request.path}`);
    if (url.pathname === '/api/v1/admin/reports' && request.method === 'GET') {
      if (options.fail) return json({ message: 'Moderation is unavailable' }, 503);
      const closed = url.searchParams.get('status') === 'closed';
      const kept = all.filter((r) => (r.status === 'open') !== closed);
      return json({ reports: kept, page: 1, pages: 1, total: kept.length });
    }
    const acted = /^\/api\/v1\/admin\/reports\/(\w+)$/.exec(url.pathname);
    if (acted && request.method === 'PUT') {
      const at = all.findIndex((r) => r._id === acted[1]);
      if (all[at]!.status !== 'open') return json({ message: 'This report was closed already' }, 409);
      const { action } = request.body as { action: 'hide' | 'dismiss' };
      all[at] = { ...all[at]!, status: action === 'hide' ? 'hidden' : 'dismissed' };
      return json(all[at]);
    }
    return unexpected(request);
  });
}

const card = (title: string) => screen.findByRole('article', { name: title });

describe('the reports page', () => {
  it('lists the open reports with kind, title, excerpt, author, reasons and count', async () => {
    reportServer([
      report(1),
      report(2, {
        kind: 'answer',
        answerId: 'a2',
        reasons: [{ reason: 'Rude', reporterId: 'c', at: '2026-11-27T12:00:00.000Z' }],
      }),
    ]);
    renderDashboard('/dashboard/reports');
    const first = await card('Question: Question 1 about closures');
    expect(within(first).getByText('Buy followers at example 1')).toBeTruthy();
    expect(within(first).getByText('spammer1')).toBeTruthy();
    expect(within(first).getByText(/^2 reports, first on/)).toBeTruthy();
    expect(
      within(within(first).getByRole('list', { name: 'Reasons' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Spam', 'Advertising a shop']);
    expect(within(first).getByText('Open')).toBeTruthy();

    const second = await card('Answer: Question 2 about closures');
    expect(within(second).getByText(/^1 report, first on/)).toBeTruthy();
    expect(within(second).getByText('The answer')).toBeTruthy();
  });

  it('hides one post and dismisses another; both move to Closed', async () => {
    reportServer([report(1), report(2)]);
    renderDashboard('/dashboard/reports');
    const first = await card('Question: Question 1 about closures');
    fireEvent.click(
      within(first).getByRole('button', { name: 'Hide the question: Question 1 about closures' }),
    );
    expect(await screen.findByText('The post is hidden')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Question: Question 1 about closures' })).toBeNull(),
    );

    const second = await card('Question: Question 2 about closures');
    fireEvent.click(
      within(second).getByRole('button', {
        name: 'Dismiss the report of the question: Question 2 about closures',
      }),
    );
    expect(await screen.findByText('The report is dismissed')).toBeTruthy();
    expect(await screen.findByText('No reports waiting')).toBeTruthy();
    expect(
      requests()
        .filter((r) => r.method === 'PUT')
        .map((r) => [r.path, r.body]),
    ).toEqual([
      ['/api/v1/admin/reports/r1', { action: 'hide' }],
      ['/api/v1/admin/reports/r2', { action: 'dismiss' }],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    const list = await screen.findByRole('list', { name: 'Closed reports' });
    expect(
      within(within(list).getByRole('article', { name: 'Question: Question 1 about closures' })).getByText(
        'Hidden',
      ),
    ).toBeTruthy();
    expect(
      within(within(list).getByRole('article', { name: 'Question: Question 2 about closures' })).getByText(
        'Dismissed',
      ),
    ).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /^Hide/ })).toBeNull();
    expect(requests().map((r) => r.path)).toContain('/api/v1/admin/reports?status=closed');
  });

  it('shows a refused action on its card', async () => {
    const all = [report(1)];
    reportServer(all);
    renderDashboard('/dashboard/reports');
    const first = await card('Question: Question 1 about closures');
    // Another admin closed it meanwhile.
    all[0] = { ...all[0]!, status: 'dismissed' };
    fireEvent.click(
      within(first).getByRole('button', { name: 'Hide the question: Question 1 about closures' }),
    );
    expect((await within(first).findByRole('alert')).textContent).toBe('This report was closed already');
  });

  it('says when nothing is reported or closed', async () => {
    reportServer([]);
    renderDashboard('/dashboard/reports');
    expect(await screen.findByText('No reports waiting')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    expect(await screen.findByText('No closed reports yet')).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    reportServer([], { fail: true });
    renderDashboard('/dashboard/reports');
    expect(
      await screen.findByText('The reports could not be loaded. Moderation is unavailable'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
