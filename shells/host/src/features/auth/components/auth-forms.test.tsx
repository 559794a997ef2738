import type { SessionStore } from '@liveedu/session';
import { answerRoutes, createTestStore, renderWithProviders, requests } from '@liveedu/web-test-kit';
import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { LogInPage } from './log-in-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';
import { SignUpPage } from './sign-up-page.tsx';

function renderAuth(path: string, store: SessionStore = createTestStore()) {
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
  renderWithProviders(<RouterProvider router={router} />, store);
  return store;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function logIn(username: string, password: string) {
  type('Username', username);
  type('Password', password);
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('sign up', () => {
  it("says 'All fields are required' and sends nothing when a field is empty", async () => {
    renderAuth('/signup');
    type('Username', 'asha');
    type('Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findByRole('alert')).textContent).toBe('All fields are required');
    expect(requests()).toHaveLength(0);
    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
  });

  it('creates the account, logs in with the same credentials and goes to /profile', async () => {
    answerRoutes({
      'POST /api/v1/user-signUp': { body: { message: 'Account created' } },
      'POST /api/v1/login': { body: { message: 'Logged in', role: 'student', _id: 'u9', token: 't9' } },
      'GET /api/v1/getUserData': {
        body: { role: 'student', stausOfPage: 'none', email: 'a@x.in', username: 'asha' },
      },
    });
    renderAuth('/signup');
    type('Username', 'asha');
    type('Email', 'a@x.in');
    type('Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findByTestId('where')).textContent).toBe('profile');
    expect(requests()[1]?.path).toBe('/api/v1/login');
    expect(requests()[1]?.body).toEqual({
      username: 'asha',
      password: 'secret',
    });
    expect(localStorage.getItem('token')).toBe('t9');
  });
});

describe('log in', () => {
  it("says 'All fields are required' when the password is empty", async () => {
    renderAuth('/login');
    type('Username', 'asha');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('All fields are required');
    expect(requests()).toHaveLength(0);
  });

  it.each([
    ['a user the server calls admin to /dashboard whatever name was typed', 'root', 'admin', 'dashboard'],
    ["a user typed as 'admin' to /profile when the server says student", 'admin', 'student', 'profile'],
  ] as const)('sends %s', async (_case, username, role, where) => {
    answerRoutes({
      'POST /api/v1/login': { body: { message: 'Welcome', role, _id: 'u1', token: 't1' } },
      'GET /api/v1/getUserData': { body: { role, stausOfPage: 'none', email: 'u@x.in', username } },
    });
    renderAuth('/login');
    logIn(username, 'pw');
    expect((await screen.findByTestId('where')).textContent).toBe(where);
  });

  it("shows the server's message in a red banner", async () => {
    answerRoutes({ 'POST /api/v1/login': { status: 401, body: { message: 'Invalid credentials' } } });
    renderAuth('/login');
    logIn('asha', 'wrong');
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe('Invalid credentials');
    expect(banner.getAttribute('data-tone')).toBe('error');
  });

  it('sends a logged-in visitor to /', async () => {
    localStorage.setItem('id', 'u1');
    localStorage.setItem('token', 't');
    const store = createTestStore();
    store.dispatch({ type: 'session/loggedIn', payload: { userId: 'u1' } });
    renderAuth('/login', store);
    expect((await screen.findByTestId('where')).textContent).toBe('home');
  });
});

describe('forgot and reset password', () => {
  it("says 'Email is required' for an empty email", async () => {
    renderAuth('/forgot-password');
    expect(screen.getByText('We will send link on this email to change your password')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email is required');
    expect(requests()).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to Log in' })).toBeTruthy();
  });

  it("says 'All fields are required' when the confirmation is empty", async () => {
    renderAuth('/reset-password/abc123');
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeTruthy();
    type('Enter new password', 'n3w-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('All fields are required');
    expect(requests()).toHaveLength(0);
  });

  it('posts both passwords to the reset address of the token', async () => {
    answerRoutes({ 'POST /api/v1/reset-password/abc123': { body: { message: 'Password changed' } } });
    renderAuth('/reset-password/abc123');
    type('Enter new password', 'n3w-pass');
    type('Confirm new password', 'n3w-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(requests()[0]?.path).toBe('/api/v1/reset-password/abc123');
  });
});
