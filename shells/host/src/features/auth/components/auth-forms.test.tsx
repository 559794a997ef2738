import { createSessionStore, type SessionStore } from '@liveedu/session';
import { Toaster } from '@liveedu/ui';
import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { LogInPage } from './log-in-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';
import { SignUpPage } from './sign-up-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderRoutes(path: string, store: SessionStore = createSessionStore('/')) {
  const where = (label: string) => <p data-testid="where">{label}</p>;
  const router = createMemoryRouter(
    [
      { path: '/signup', Component: SignUpPage },
      { path: '/login', Component: LogInPage },
      { path: '/forgot-password', Component: ForgotPasswordPage },
      { path: '/reset-password/:token', Component: ResetPasswordPage },
      { path: '/profile', element: where('profile') },
      { path: '/dashboard', element: where('dashboard') },
      { path: '/', element: where('home') },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  return store;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('sign up', () => {
  it("says 'All fields are required' and sends nothing when a field is empty", async () => {
    renderRoutes('/signup');
    type('Username', 'asha');
    type('Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findByRole('alert')).textContent).toBe('All fields are required');
    expect(fetchMock).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
  });

  it('creates the account, logs in with the same credentials and goes to /profile', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ message: 'Account created' }))
      .mockResolvedValueOnce(json({ message: 'Logged in', role: 'student', _id: 'u9', token: 't9' }))
      .mockResolvedValueOnce(
        json({ role: 'student', stausOfPage: 'none', email: 'a@x.in', username: 'asha' }),
      );
    renderRoutes('/signup');
    type('Username', 'asha');
    type('Email', 'a@x.in');
    type('Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findByTestId('where')).textContent).toBe('profile');
    expect(String(fetchMock.mock.calls[1]![0])).toBe('/api/v1/login');
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]!.body))).toEqual({
      username: 'asha',
      password: 'secret',
    });
    expect(localStorage.getItem('token')).toBe('t9');
  });
});

describe('log in', () => {
  it("says 'All fields are required' when the password is empty", async () => {
    renderRoutes('/login');
    type('Username', 'asha');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('All fields are required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a user the server calls admin to /dashboard whatever name was typed', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ message: 'Welcome', role: 'admin', _id: 'a1', token: 'ta' }))
      .mockResolvedValueOnce(json({ role: 'admin', stausOfPage: 'none', email: 'r@x.in', username: 'root' }));
    renderRoutes('/login');
    type('Username', 'root');
    type('Password', 'pw');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByTestId('where')).textContent).toBe('dashboard');
  });

  it("sends a user typed as 'admin' to /profile when the server says student", async () => {
    fetchMock
      .mockResolvedValueOnce(json({ message: 'Welcome', role: 'student', _id: 's1', token: 'ts' }))
      .mockResolvedValueOnce(
        json({ role: 'student', stausOfPage: 'none', email: 's@x.in', username: 'admin' }),
      );
    renderRoutes('/login');
    type('Username', 'admin');
    type('Password', 'pw');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByTestId('where')).textContent).toBe('profile');
  });

  it("shows the server's message in a red banner", async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Invalid credentials' }, 401));
    renderRoutes('/login');
    type('Username', 'asha');
    type('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe('Invalid credentials');
    expect(banner.getAttribute('data-tone')).toBe('error');
  });

  it('sends a logged-in visitor to /', async () => {
    localStorage.setItem('id', 'u1');
    localStorage.setItem('token', 't');
    const store = createSessionStore('/');
    store.dispatch({ type: 'session/loggedIn', payload: { userId: 'u1' } });
    renderRoutes('/login', store);
    expect((await screen.findByTestId('where')).textContent).toBe('home');
  });
});

describe('forgot and reset password', () => {
  it("says 'Email is required' for an empty email", async () => {
    renderRoutes('/forgot-password');
    expect(screen.getByText('We will send link on this email to change your password')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email is required');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to Log in' })).toBeTruthy();
  });

  it("says 'All fields are required' when the confirmation is empty", async () => {
    renderRoutes('/reset-password/abc123');
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeTruthy();
    type('Enter new password', 'n3w-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('All fields are required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts both passwords to the reset address of the token', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Password changed' }));
    renderRoutes('/reset-password/abc123');
    type('Enter new password', 'n3w-pass');
    type('Confirm new password', 'n3w-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/reset-password/abc123');
  });
});
