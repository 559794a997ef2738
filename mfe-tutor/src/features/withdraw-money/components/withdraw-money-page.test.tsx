import { answerRoutes, expectNextPage, fillIn, requests } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TutorApp from '../../../app/remote-app.tsx';
import { renderPage } from '../../../shared/testing/render-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const withdrawals = {
  body: {
    withdrawals: [
      { _id: 'w1', user: {}, amount: 1500.5, status: 'Success', date: '2024-05-02T10:00:00.000Z' },
    ],
    total: 1,
    page: 1,
    pages: 1,
  },
};

describe('withdraw money', () => {
  it('asks for all four bank details, then shows the balance once they are saved', async () => {
    let saved = false;
    answerRoutes({
      'GET /api/v1/isBankDetail': () => ({ body: { message: saved } }),
      'POST /api/v1/submit-account-details': () => {
        saved = true;
        return { body: { message: 'Bank details saved' } };
      },
      'GET /api/v1/get-available-balance': { body: { earnings: 0 } },
      'GET /api/v1/user-withdrawals': { body: { withdrawals: [], total: 0, page: 1, pages: 0 } },
    });
    renderPage(<TutorApp page="withdraw-money" />, { path: '/profile/withdraw-money' });
    await screen.findByRole('form', { name: 'Bank details' });
    expect((screen.getByLabelText('Account number') as HTMLInputElement).type).toBe('number');
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Priya Sharma' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe('All fields are required');
    fillIn({ 'Account number': '123456789012', 'Name of bank': 'State Bank of India', IFSC: 'SBIN0001234' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('available-balance')).toBeTruthy();
    const sent = requests().find((r) => r.path.endsWith('submit-account-details'));
    expect(sent?.body).toEqual({
      fullName: 'Priya Sharma',
      accountNumber: '123456789012',
      nameOfBank: 'State Bank of India',
      ifsc: 'SBIN0001234',
    });
    expect(screen.getByText('No withdrawals yet')).toBeTruthy();
  });

  it('shows why the server refused the bank details and keeps the form filled', async () => {
    answerRoutes({
      'GET /api/v1/isBankDetail': { body: { message: false } },
      'POST /api/v1/submit-account-details': {
        status: 400,
        body: { message: 'IFSC must look like SBIN0001234' },
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(<TutorApp page="withdraw-money" />, { path: '/profile/withdraw-money' });
    await screen.findByRole('form', { name: 'Bank details' });
    fillIn({
      'Full name': 'Priya Sharma',
      'Account number': '123456789012',
      'Name of bank': 'State Bank of India',
      IFSC: 'SBIN0X',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('IFSC must look like SBIN0001234')).toBeTruthy();
    expect((screen.getByLabelText('IFSC') as HTMLInputElement).value).toBe('SBIN0X');
  });

  it('keeps Withdraw disabled at ₹1000 with the spec’s text', async () => {
    answerRoutes({
      'GET /api/v1/isBankDetail': { body: { message: true } },
      'GET /api/v1/get-available-balance': { body: { earnings: 1000 } },
      'GET /api/v1/user-withdrawals': withdrawals,
    });
    renderPage(<TutorApp page="withdraw-money" />, { path: '/profile/withdraw-money' });
    expect((await screen.findByTestId('available-balance')).textContent).toBe('₹1,000.00');
    expect((screen.getByRole('button', { name: 'Withdraw' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Balance should be above 1000 to get withdrawl.')).toBeTruthy();
    expect(await screen.findByText('₹1,500.50')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    expect(screen.getByText('Showing 1 of 1')).toBeTruthy();
  });

  it('loads older withdrawals on Load more', async () => {
    const withdrawal = (n: number) => ({
      _id: `w${n}`,
      user: {},
      amount: 1000 + n,
      status: 'Success',
      date: '2024-05-02T10:00:00.000Z',
    });
    answerRoutes({
      'GET /api/v1/isBankDetail': { body: { message: true } },
      'GET /api/v1/get-available-balance': { body: { earnings: 0 } },
      'GET /api/v1/user-withdrawals': {
        body: { withdrawals: [withdrawal(2), withdrawal(1)], total: 3, page: 1, pages: 2 },
      },
      'GET /api/v1/user-withdrawals?page=2': {
        body: { withdrawals: [withdrawal(0)], total: 3, page: 2, pages: 2 },
      },
    });
    renderPage(<TutorApp page="withdraw-money" />, { path: '/profile/withdraw-money' });
    expect(await screen.findByText('₹1,002.00')).toBeTruthy();
    expect(screen.getByText('Showing 2 of 3')).toBeTruthy();
    expect(screen.queryByText('₹1,000.00')).toBeNull();
    await expectNextPage('₹1,000.00', 'Showing 3 of 3');
  });

  it('withdraws the whole balance above ₹1000 and reloads the balance and the list', async () => {
    let withdrawn = false;
    answerRoutes({
      'GET /api/v1/isBankDetail': { body: { message: true } },
      'GET /api/v1/get-available-balance': () => ({ body: { earnings: withdrawn ? 0 : 1200.4 } }),
      'POST /api/v1/withdraw-request': () => {
        withdrawn = true;
        return { body: { message: 'Withdrawal requested' } };
      },
      'GET /api/v1/user-withdrawals': () => ({
        body: {
          withdrawals: withdrawn
            ? [{ _id: 'w2', user: {}, amount: 1200.4, status: 'Processing', date: new Date().toISOString() }]
            : [],
        },
      }),
    });
    renderPage(<TutorApp page="withdraw-money" />, { path: '/profile/withdraw-money' });
    await screen.findByText('₹1,200.40');
    const button = screen.getByRole('button', { name: 'Withdraw' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(screen.queryByText('Balance should be above 1000 to get withdrawl.')).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByText('Withdrawal requested')).toBeTruthy();
    expect(await screen.findByText('Processing')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('available-balance').textContent).toBe('₹0.00'));
    const sent = requests().find((r) => r.path.endsWith('withdraw-request'));
    expect(sent?.body).toEqual({ amount: 1200.4 });
  });

  it('sends the current password when typed, and shows why when the server asks for it', async () => {
    answerRoutes({
      'GET /api/v1/isBankDetail': { body: { message: true } },
      'GET /api/v1/get-available-balance': { body: { earnings: 1500 } },
      'POST /api/v1/withdraw-request': (request) =>
        (request.body as { currPass?: string }).currPass === 'my password'
          ? { body: { message: 'Withdrawal requested' } }
          : {
              status: 403,
              body: {
                message: 'Please confirm your current password: you logged in more than 10 minutes ago',
              },
            },
      'GET /api/v1/user-withdrawals': { body: { withdrawals: [] } },
    });
    renderPage(<TutorApp page="withdraw-money" />, { path: '/profile/withdraw-money' });
    await screen.findByText('₹1,500.00');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(/Please confirm your current password/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'my password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawal requested')).toBeTruthy();
    const sent = requests().filter((r) => r.path.endsWith('withdraw-request'));
    expect(sent.map((r) => r.body)).toEqual([{ amount: 1500 }, { amount: 1500, currPass: 'my password' }]);
  });
});
