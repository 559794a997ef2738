import {
  answer,
  expectFiltered,
  expectFiltersCleared,
  expectNextPage,
  json,
  renderWithProviders,
} from '@liveedu/web-test-kit';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderHistoryPage } from './order-history-page.tsx';

function renderPage() {
  renderWithProviders(
    <MemoryRouter>
      <OrderHistoryPage />
    </MemoryRouter>,
  );
}

const order = (n: number, success = true) => ({
  _id: `o${n}`,
  razorpay_order_id: `order_${n}`,
  ...(success ? { razorpay_payment_id: `pay_${n}` } : {}),
  courseEnrolled: { _id: `c${n}`, title: `Course ${n}` },
  amount: 499,
  success,
  createdAt: new Date().toISOString(),
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('order history', () => {
  it('shows the orders a page at a time, and a period whole from the server', async () => {
    answer(({ path: url }) => {
      if (url.includes('payment-history-time')) return json({ data: [order(1)] });
      return url.endsWith('page=2')
        ? json({ data: [order(3)], total: 3, page: 2, pages: 2 })
        : json({ data: [order(1), order(2, false)], total: 3, page: 1, pages: 2 });
    });
    renderPage();
    const failed = (await screen.findByText('order_2')).closest('tr') as HTMLElement;
    expect(failed.textContent).toContain('Fail');
    expect(screen.getByText('Showing 2 of 3')).toBeTruthy();
    await expectNextPage('order_3', 'Showing 3 of 3');

    await expectFiltered('Today', { gone: ['order_2'], kept: 'order_1', count: 'Showing 1 of 1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    // Every order again, as far as it had been read, from the cache: nothing is asked again.
    await expectFiltersCleared(
      ['order_3'],
      [
        '/api/v1/order-history',
        '/api/v1/order-history?page=2',
        '/api/v1/payment-history-time?timePeriod=today',
      ],
    );
  });

  it("says 'No Order History' when there is none, and shows a failed load with a retry", async () => {
    let fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answer(() =>
      fail
        ? json({ message: 'Orders are unavailable' }, 503)
        : json({ data: [], total: 0, page: 1, pages: 0 }),
    );
    renderPage();
    expect(await screen.findByText('Orders are unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No Order History')).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });
});
