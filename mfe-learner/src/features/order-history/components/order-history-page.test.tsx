import {
  answer,
  catchDownloads,
  createTestStore,
  expectFiltered,
  expectFiltersCleared,
  expectNextPage,
  json,
  renderWithProviders,
  requests,
} from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderHistoryPage } from './order-history-page.tsx';

function renderPage() {
  renderWithProviders(
    <MemoryRouter>
      <OrderHistoryPage />
    </MemoryRouter>,
    createTestStore({ userId: 'u1', role: 'student', token: 't1' }),
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

const RULE = 'Refundable within 30 days of purchase while under 30% of the course is completed';

/** A paid line of order_1 (course c1), bought with SAVE20: ₹500 list price, ₹400 paid. */
const paidWithCoupon = (fields: Record<string, unknown> = {}) => ({
  ...order(1),
  amount: 400,
  couponCode: 'SAVE20',
  listPrice: 500,
  invoiceNumber: 'LE/2026-27/000007',
  refund: {
    refundableUntil: '2026-12-27T06:30:00.000Z',
    completedPercent: 12,
    refundable: true,
    rule: RULE,
    standing: 'refundable until 27 Dec, 12% completed',
  },
  ...fields,
});

/** Answers the order history with `lines()` (read again after each write) and a refund request with `status`. */
function serveOrders(lines: () => unknown[], status: 'approved' | 'pending' = 'approved') {
  const asked: unknown[] = [];
  answer(({ method, path, body }) => {
    if (method === 'POST' && path === '/api/v1/refund-requests') {
      asked.push(body);
      return json({ _id: 'r1', status, ...(body as object) }, 201);
    }
    if (path.startsWith('/api/v1/orders/')) {
      return new Response(`%PDF-1.3 ${path}`, { headers: { 'content-type': 'application/pdf' } });
    }
    const data = lines();
    return json({ data, total: data.length, page: 1, pages: 1 });
  });
  return asked;
}

const row = async (text: string) => within((await screen.findByText(text)).closest('tr') as HTMLElement);

describe('order lines of commerce', () => {
  it('shows the coupon and what was paid, the list price struck through', async () => {
    serveOrders(() => [paidWithCoupon(), { ...order(2), amount: 300 }]);
    renderPage();
    const line = await row('order_1');
    expect(line.getByText('SAVE20')).toBeTruthy();
    const amount = line.getAllByRole('cell')[3] as HTMLElement;
    expect(amount.querySelector('s')?.textContent).toBe('Price ₹500.00');
    expect(amount.querySelector('strong')?.textContent).toBe('with the coupon ₹400.00');
    const plain = (await row('order_2')).getAllByRole('cell');
    expect(plain[3]?.textContent).toBe('₹300.00');
    expect(plain[4]?.textContent).toBe('-');
    expect(plain[3]?.querySelector('s')).toBeNull();
  });

  it('downloads the invoice and the credit note with the session, named by their numbers', async () => {
    const saved = catchDownloads();
    serveOrders(() => [
      paidWithCoupon({
        creditNoteNumber: 'LE-CN/2026-27/000002',
        refund: { ...paidWithCoupon().refund, status: 'refunded', requestId: 'r1' },
      }),
      order(2),
    ]);
    renderPage();
    const line = await row('order_1');
    fireEvent.click(line.getByRole('button', { name: 'Invoice LE/2026-27/000007' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    fireEvent.click(line.getByRole('button', { name: 'Credit note LE-CN/2026-27/000002' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((file) => file.name)).toEqual(['LE-2026-27-000007.pdf', 'LE-CN-2026-27-000002.pdf']);
    expect(await saved[0]?.blob.text()).toBe('%PDF-1.3 /api/v1/orders/order_1/invoice.pdf');
    expect(await saved[1]?.blob.text()).toBe('%PDF-1.3 /api/v1/orders/order_1/credit-note.pdf?courseId=c1');
    const invoiceCall = requests().find((r) => r.path.endsWith('invoice.pdf'));
    expect(invoiceCall?.headers).toMatchObject({ authorization: 'Bearer t1', id: 'u1' });
    // A refunded line says so, and offers no refund again; a line without an invoice has no document.
    expect(line.getByText('Refunded')).toBeTruthy();
    expect(line.queryByRole('button', { name: /^Refund/ })).toBeNull();
    expect((await row('order_2')).queryByRole('button', { name: /Invoice/ })).toBeNull();
  });

  it('asks for a refund within the rule with a reason, then shows it approved', async () => {
    let status: string | undefined;
    const asked = serveOrders(() => [
      paidWithCoupon(status ? { refund: { ...paidWithCoupon().refund, status, requestId: 'r1' } } : {}),
    ]);
    renderPage();
    const line = await row('order_1');
    expect(line.getByText('Refundable until 27 Dec · 12% completed')).toBeTruthy();
    fireEvent.click(line.getByRole('button', { name: 'Refund Course 1' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Ask for a refund' }));
    expect(dialog.getByText(RULE)).toBeTruthy();
    expect(dialog.queryByText(/Outside the automatic refund rule/)).toBeNull();
    const send = dialog.getByRole('button', { name: 'Ask for refund' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: '  Not what I expected ' } });
    status = 'approved';
    fireEvent.click(send);
    expect(await screen.findByText('Refund approved')).toBeTruthy();
    expect(asked).toEqual([{ orderId: 'order_1', courseId: 'c1', reason: 'Not what I expected' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Your refund is approved: the money goes back to your card')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund Course 1' })).toBeNull();
  });

  it('still offers a refund outside the rule, saying an admin will review it, and shows it pending', async () => {
    let status: string | undefined;
    const outside = {
      ...paidWithCoupon().refund,
      refundable: false,
      completedPercent: 45,
      standing: '45% completed, past the 30% a refund allows',
    };
    const asked = serveOrders(
      () => [paidWithCoupon({ refund: { ...outside, ...(status ? { status, requestId: 'r1' } : {}) } })],
      'pending',
    );
    renderPage();
    const line = await row('order_1');
    expect(line.getByText('45% completed, past the 30% a refund allows', { exact: false }).textContent).toBe(
      '45% completed, past the 30% a refund allows',
    );
    fireEvent.click(line.getByRole('button', { name: 'Refund Course 1' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Ask for a refund' }));
    expect(
      dialog.getByText('Outside the automatic refund rule: an admin will review your request'),
    ).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'The videos do not play' } });
    status = 'pending';
    fireEvent.click(dialog.getByRole('button', { name: 'Ask for refund' }));
    expect(await screen.findByText('Refund pending: an admin will review your request')).toBeTruthy();
    expect(asked).toHaveLength(1);
  });

  it('lets a student ask again after a rejection, and shows why a request was refused', async () => {
    answer(({ method }) =>
      method === 'POST'
        ? json({ message: 'A refund of this course was asked for already' }, 409)
        : json({
            data: [
              paidWithCoupon({ refund: { ...paidWithCoupon().refund, status: 'rejected', requestId: 'r0' } }),
            ],
            total: 1,
            page: 1,
            pages: 1,
          }),
    );
    renderPage();
    const line = await row('order_1');
    expect(line.getByText('Refund rejected')).toBeTruthy();
    fireEvent.click(line.getByRole('button', { name: 'Refund Course 1' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Ask for a refund' }));
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'Please look again' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Ask for refund' }));
    expect(await screen.findByText('A refund of this course was asked for already')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Ask for a refund' })).toBeTruthy();
  });
});
