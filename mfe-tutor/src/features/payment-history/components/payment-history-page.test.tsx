import { answerRoutes, expectRetryAfterFailure, requestedPaths, rowCells } from '@liveedu/web-test-kit';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TutorApp from '../../../app/remote-app.tsx';
import { renderPage } from '../../../shared/testing/render-page.tsx';
import { inPeriod } from '../api/periods.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const DAY = 24 * 60 * 60 * 1000;

/** A paid sale of the tutor's course to `buyer` as payments lists it: ₹1,500 today unless `fields` say otherwise. */
const sale = (id: string, buyer: string, fields: object = {}) => ({
  _id: id,
  razorpay_order_id: `order_${id}`,
  courseEnrolled: { _id: 'c1', title: 'Practical TypeScript' },
  user: { _id: `u-${id}`, username: buyer },
  amount: 1500,
  success: true,
  createdAt: new Date().toISOString(),
  ...fields,
});

describe('payment history', () => {
  it('lists the payments a page at a time with date, course, buyer, amount and status, and filters them by period', async () => {
    const now = Date.now();
    const payment = (id: string, ago: number, buyer: string) =>
      sale(id, buyer, { createdAt: new Date(now - ago).toISOString() });
    answerRoutes({
      'GET /api/v1/payment-history': {
        body: {
          data: [payment('p1', 0, 'arjun_k'), payment('p2', 3 * DAY, 'meera_r')],
          total: 3,
          page: 1,
          pages: 2,
        },
      },
      'GET /api/v1/payment-history?page=2': {
        body: { data: [payment('p3', 20 * DAY, 'kabir_s')], total: 3, page: 2, pages: 2 },
      },
    });
    renderPage(<TutorApp page="payment-history" />, { path: '/profile/payment-history' });
    await screen.findByText('arjun_k');
    const rows = () => screen.getAllByRole('row').slice(1);
    const loadMore = () => screen.queryByRole('button', { name: 'Load more' });
    expect(rows()).toHaveLength(2);
    expect(screen.getByText('Showing 2 of 3')).toBeTruthy();
    const first = rows()[0]!;
    expect(within(first).getByRole('link', { name: 'Practical TypeScript' }).getAttribute('href')).toBe(
      '/viewCouse/c1',
    );
    expect(within(first).getByText('₹1,500.00')).toBeTruthy();
    expect(within(first).getByText('Success')).toBeTruthy();

    // Today's payment is the newest; the older one loaded shows that nothing of today is missing.
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(rows()).toHaveLength(1);
    expect(loadMore()).toBeNull();
    // Every loaded payment is in the last 28 days, so older pages may hold more of them.
    fireEvent.click(screen.getByRole('button', { name: '28 days' }));
    expect(rows()).toHaveLength(2);
    fireEvent.click(loadMore()!);
    expect(await screen.findByText('kabir_s')).toBeTruthy();
    expect(rows()).toHaveLength(3);
    expect(screen.getByText('Showing 3 of 3')).toBeTruthy();
    expect(loadMore()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    expect(rows()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(rows()).toHaveLength(3);
    expect(requestedPaths()).toEqual(['/api/v1/payment-history', '/api/v1/payment-history?page=2']);
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    answerRoutes({
      'GET /api/v1/payment-history': () =>
        fail
          ? { status: 503, body: { message: 'Payments are unavailable' } }
          : { body: { data: [], total: 0, page: 1, pages: 0 } },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(<TutorApp page="payment-history" />, { path: '/profile/payment-history' });
    await expectRetryAfterFailure(
      'Payments are unavailable',
      () => {
        fail = false;
      },
      'No Payment History',
    );
  });

  it('shows the coupon and the list price on a line bought with a coupon, and dashes on one without', async () => {
    answerRoutes({
      'GET /api/v1/payment-history': {
        body: {
          data: [
            sale('p1', 'arjun_k', { amount: 1200, couponCode: 'DIWALI20', listPrice: 1500 }),
            sale('p2', 'meera_r', { amount: 1200 }),
          ],
          total: 2,
          page: 1,
          pages: 1,
        },
      },
    });
    renderPage(<TutorApp page="payment-history" />, { path: '/profile/payment-history' });
    await screen.findByText('arjun_k');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Date', 'Course', 'Buyer', 'Amount', 'Coupon', 'List price', 'Status']);
    expect(rowCells('arjun_k').slice(2)).toEqual([
      'arjun_k',
      '₹1,200.00',
      'DIWALI20',
      '₹1,500.00',
      'Success',
    ]);
    expect(rowCells('meera_r').slice(2)).toEqual(['meera_r', '₹1,200.00', '-', '-', 'Success']);
  });

  it('says when there is nothing to show', async () => {
    answerRoutes({ 'GET /api/v1/payment-history': { body: { data: [], total: 0, page: 1, pages: 0 } } });
    renderPage(<TutorApp page="payment-history" />, { path: '/profile/payment-history' });
    expect(await screen.findByText('No Payment History')).toBeTruthy();
  });

  it('cuts periods by calendar days in India', () => {
    // 00:30 on 10 June in India is still 9 June in UTC.
    const now = new Date('2024-06-10T06:00:00+05:30');
    expect(inPeriod('2024-06-10T00:30:00+05:30', 'today', now)).toBe(true);
    expect(inPeriod('2024-06-09T23:59:00+05:30', 'today', now)).toBe(false);
    expect(inPeriod('2024-06-04T00:01:00+05:30', 'past7days', now)).toBe(true);
    expect(inPeriod('2024-06-03T23:59:00+05:30', 'past7days', now)).toBe(false);
    expect(inPeriod('2024-05-14T00:00:00+05:30', 'past28days', now)).toBe(true);
    expect(inPeriod('2024-05-13T23:59:00+05:30', 'past28days', now)).toBe(false);
  });
});
