import { answerRoutes, requests } from '@liveedu/web-test-kit';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TutorApp from '../../../app/remote-app.tsx';
import { renderPage } from '../../../shared/testing/render-page.tsx';
import { balanceFigures } from '../api/withdrawal-rules.ts';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const NEGATIVE_NOTE = 'A refund after your last withdrawal: later sales repay it';

function showBalance(balance: object) {
  answerRoutes({
    'GET /api/v1/isBankDetail': { body: { message: true } },
    'GET /api/v1/get-available-balance': { body: balance },
    'GET /api/v1/user-withdrawals': { body: { withdrawals: [], total: 0, page: 1, pages: 0 } },
    'POST /api/v1/withdraw-request': { body: { message: 'Withdrawal requested' } },
  });
  renderPage(<TutorApp page="withdraw-money" />, { path: '/profile/withdraw-money' });
}

const figure = (testId: string) => screen.getByTestId(testId).textContent;

describe('the balance figures', () => {
  it('shows what can be withdrawn beside what waits out the payout hold, with the day it becomes available', async () => {
    showBalance({
      earnings: 1600,
      balance: 1600,
      pending: 2400.5,
      frozen: 0,
      availableOn: '2026-12-27T06:00:00.000Z',
    });
    const balance = await screen.findByLabelText('Your balance');
    expect(
      within(balance)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Available', 'Pending', 'Frozen']);
    expect(figure('available-balance')).toBe('₹1,600.00');
    expect(figure('pending-balance')).toBe('₹2,400.50');
    expect(within(balance).getByText('available on 27 Dec 2026')).toBeTruthy();
    expect(figure('frozen-balance')).toBe('₹0.00');
    expect(screen.queryByText(NEGATIVE_NOTE)).toBeNull();
    // Only what is available is withdrawn: the held credits stay.
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawal requested')).toBeTruthy();
    expect(requests().find((r) => r.path.endsWith('withdraw-request'))?.body).toEqual({ amount: 1600 });
  });

  it('shows disputed sales as frozen, and nothing to withdraw while all of it is held', async () => {
    showBalance({ earnings: 0, balance: 0, pending: 0, frozen: 1200, availableOn: null });
    expect((await screen.findByTestId('frozen-balance')).textContent).toBe('₹1,200.00');
    expect(figure('available-balance')).toBe('₹0.00');
    expect(figure('pending-balance')).toBe('₹0.00');
    expect(screen.getByText('Sales within the payout hold')).toBeTruthy();
    expect(screen.queryByText(/available on/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Withdraw' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('explains a negative balance, which later sales repay, and withdraws nothing', async () => {
    showBalance({
      earnings: 0,
      balance: -400,
      pending: 1200,
      frozen: 0,
      availableOn: '2026-12-01T00:00:00.000Z',
    });
    expect((await screen.findByTestId('available-balance')).textContent).toBe('-₹400.00');
    expect(screen.getByText(NEGATIVE_NOTE)).toBeTruthy();
    expect(figure('pending-balance')).toBe('₹1,200.00');
    expect((screen.getByRole('button', { name: 'Withdraw' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('reads the balance call into figures, counting what it leaves out as nothing', () => {
    expect(balanceFigures({ earnings: 1500 })).toEqual({
      withdrawable: 1500,
      available: 1500,
      pending: 0,
      availableOn: null,
      frozen: 0,
    });
    expect(
      balanceFigures({
        earnings: 0,
        balance: -250.5,
        pending: 0,
        frozen: 0,
        availableOn: '2026-12-01T00:00:00Z',
      }),
    ).toEqual({ withdrawable: 0, available: -250.5, pending: 0, availableOn: null, frozen: 0 });
  });
});
