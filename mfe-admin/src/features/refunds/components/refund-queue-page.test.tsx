import type { AdminRefundRequest, RefundDecision } from '@liveedu/api-client';
import { answer, expectRetryAfterFailure, json, requests, unexpected } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderDashboard } from '../../../shared/testing/render-dashboard.tsx';
import { daysSincePurchase } from '../api/refund-facts.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DAY = 24 * 60 * 60 * 1000;

function refundRequest(n: number, changes: Partial<AdminRefundRequest> = {}): AdminRefundRequest {
  // Bought 45 days before asking: past the rule's 30 days, so it waits for the admin.
  const asked = Date.parse('2026-11-20T10:00:00.000Z') - n * DAY;
  return {
    _id: `r${n}`,
    orderId: `order_${n}`,
    courseId: `c${n}`,
    courseTitle: `Course ${n}`,
    amount: 1500,
    reason: `Reason ${n}: not what I expected`,
    status: 'pending',
    rule: 'Refundable within 30 days of purchase while under 30% of the course is completed',
    refundableUntil: new Date(asked - 45 * DAY + 30 * DAY).toISOString(),
    completedPercent: 12,
    createdAt: new Date(asked).toISOString(),
    user: { _id: `u${n}`, username: `student${n}` },
    ...changes,
  };
}

/**
 * Payments' refund queue over `all` (newest first): `?status=` keeps one state; a decision on a
 * pending request approves it (Razorpay then refunds it) or rejects it; on any other it is a 409.
 */
function refundServer(all: AdminRefundRequest[], options: { fail?: () => boolean } = {}) {
  answer((request) => {
    const url = new URL(`http://x${request.path}`);
    if (url.pathname === '/api/v1/admin/refund-requests' && request.method === 'GET') {
      if (options.fail?.()) return json({ message: 'Payments are unavailable' }, 503);
      const status = url.searchParams.get('status');
      const kept = all.filter((r) => !status || r.status === status);
      return json({ data: kept, total: kept.length, page: 1, pages: 1 });
    }
    const decided = /^\/api\/v1\/admin\/refund-requests\/(\w+)$/.exec(url.pathname);
    if (decided && request.method === 'PUT') {
      const at = all.findIndex((r) => r._id === decided[1]);
      if (at < 0) return json({ message: 'Refund request not found' }, 404);
      const found = all[at]!;
      if (found.status !== 'pending') return json({ message: 'This request was decided already' }, 409);
      const body = request.body as RefundDecision;
      all[at] = {
        ...found,
        status: body.decision === 'approve' ? 'approved' : 'rejected',
        decidedBy: 'admin',
        decidedAt: '2026-11-21T09:00:00.000Z',
        ...(body.note ? { note: body.note } : {}),
      };
      return json(all[at]);
    }
    return unexpected(request);
  });
}

const card = (who: string, course: string) =>
  screen.findByRole('article', { name: `Refund request of ${who} for ${course}` });

describe('the refund queue', () => {
  it('lists the pending requests newest first with who, what, how much, why, how far and how long after buying', async () => {
    refundServer([
      refundRequest(1),
      refundRequest(2, { completedPercent: undefined }),
      refundRequest(3, { status: 'refunded' }),
    ]);
    renderDashboard('/dashboard/refunds');
    const first = await card('student1', 'Course 1');
    const list = screen.getByRole('list', { name: 'Refund requests' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Refund request of student1 for Course 1', 'Refund request of student2 for Course 2']);
    const facts = within(first)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(
      within(first)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Student', 'Amount', 'Reason', 'Completed', 'Days since purchase']);
    expect(facts.slice(0, 4)).toEqual(['student1', '₹1,500.00', 'Reason 1: not what I expected', '12%']);
    expect(facts[4]).toMatch(/^45 when asked \(bought \d+ \w+ 2026, asked 19 Nov 2026\)$/);
    expect(within(first).getByText('Pending')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Course 1' }).getAttribute('href')).toBe('/viewCouse/c1');
    const second = await card('student2', 'Course 2');
    expect(within(second).getByText('Not known')).toBeTruthy();
    expect(requests()[0]?.path).toBe('/api/v1/admin/refund-requests?status=pending');
  });

  it('approves a request with a note: the server’s answer is shown and the request leaves the pending ones', async () => {
    const all = [refundRequest(1), refundRequest(2)];
    refundServer(all);
    renderDashboard('/dashboard/refunds');
    const first = await card('student1', 'Course 1');
    fireEvent.change(within(first).getByLabelText('Note'), {
      target: { value: ' Past the window, but the videos failed ' },
    });
    fireEvent.click(within(first).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('Approved student1’s request for Course 1: Razorpay is refunding it'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Refund request of student1 for Course 1' })).toBeNull(),
    );
    expect(await card('student2', 'Course 2')).toBeTruthy();
    const sent = requests().filter((r) => r.method === 'PUT');
    expect(sent.map((r) => [r.path, r.body])).toEqual([
      [
        '/api/v1/admin/refund-requests/r1',
        { decision: 'approve', note: 'Past the window, but the videos failed' },
      ],
    ]);

    // Under Approved, the request with its decision and note; nothing to decide any more.
    fireEvent.click(screen.getByRole('button', { name: 'Approved' }));
    const approved = await card('student1', 'Course 1');
    expect(within(approved).getByText('Approved')).toBeTruthy();
    expect(within(approved).getByText('By the admin, 21 Nov 2026')).toBeTruthy();
    expect(within(approved).getByText('Past the window, but the videos failed')).toBeTruthy();
    expect(within(approved).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Approved' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('rejects a request without a note', async () => {
    refundServer([refundRequest(1)]);
    renderDashboard('/dashboard/refunds');
    const first = await card('student1', 'Course 1');
    fireEvent.click(within(first).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Rejected student1’s request for Course 1')).toBeTruthy();
    expect(await screen.findByText('No refund requests waiting')).toBeTruthy();
    expect(requests().find((r) => r.method === 'PUT')?.body).toEqual({ decision: 'reject' });
  });

  it('shows the server’s refusal on the card and keeps the note', async () => {
    const all = [refundRequest(1)];
    refundServer(all);
    renderDashboard('/dashboard/refunds');
    const first = await card('student1', 'Course 1');
    // Decided meanwhile elsewhere: the server says so.
    all[0] = { ...all[0]!, status: 'rejected' };
    fireEvent.change(within(first).getByLabelText('Note'), { target: { value: 'Fine' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Approve' }));
    expect((await within(first).findByRole('alert')).textContent).toBe('This request was decided already');
    expect((within(first).getByLabelText('Note') as HTMLTextAreaElement).value).toBe('Fine');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when nothing waits, and shows a failed load with a retry', async () => {
    let fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    refundServer([], { fail: () => fail });
    renderDashboard('/dashboard/refunds');
    await expectRetryAfterFailure(
      'The refund requests could not be loaded. Payments are unavailable',
      () => {
        fail = false;
      },
      'No refund requests waiting',
    );
  });

  it('counts the days from the purchase, which the rule’s window end gives, to the request', () => {
    expect(daysSincePurchase(refundRequest(1))).toBe(45);
    expect(
      daysSincePurchase({
        refundableUntil: '2026-12-31T00:00:00.000Z',
        createdAt: '2026-12-01T23:00:00.000Z',
      }),
    ).toBe(0);
  });
});
