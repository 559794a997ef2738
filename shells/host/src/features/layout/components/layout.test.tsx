import type { Role } from '@liveedu/api-client';
import { createQueryClient, QueryProvider } from '@liveedu/query';
import { createSessionStore, sessionActions } from '@liveedu/session';
import { answerRoutes, cartOf } from '@liveedu/web-test-kit';
import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { shellVisibility } from '../hooks/shell-visibility.ts';
import { Layout, NotFoundScreen } from './layout.tsx';

function renderAt(path: string, session: { loggedIn: boolean; role?: Role }) {
  const store = createSessionStore('/');
  if (session.loggedIn) {
    store.dispatch(sessionActions.loggedIn({ userId: 'u1' }));
    store.dispatch(sessionActions.userDataLoaded({ role: session.role ?? 'student', stausOfPage: 'none' }));
  }
  // A signed-in buyer's bar shows the cart's count.
  answerRoutes({
    'GET /api/v1/cart': { body: cartOf([]) },
  });
  render(
    <Provider store={store}>
      <QueryProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={<Layout />} />
          </Routes>
        </MemoryRouter>
      </QueryProvider>
    </Provider>,
  );
}

const nav = () => screen.queryByRole('navigation', { name: 'Main' });
const footer = () => screen.queryByRole('contentinfo');

describe('shell visibility rules', () => {
  it.each([
    ['/', true, true],
    ['/courses', true, true],
    ['/profile', true, false],
    ['/profile/settings', true, false],
    ['/profiles-of-tutors', true, true],
    ['/dashboard', false, false],
    ['/dashboard/all-users', false, false],
  ])('%s: nav %s, footer %s', (path, showNav, showFooter) => {
    expect(shellVisibility(path, 'student')).toMatchObject({ showNav, showFooter });
    renderAt(path, { loggedIn: false });
    expect(Boolean(nav())).toBe(showNav);
    expect(Boolean(footer())).toBe(showFooter);
  });

  it('shows Log in and Sign up to visitors, with all three links', () => {
    renderAt('/', { loggedIn: false });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Categories' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Courses' }).length).toBeGreaterThan(0);
    expect(nav()?.textContent).toContain('Teach On LiveEdu');
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull();
  });

  it.each(['student', 'tutor'] as const)('shows a %s the Profile button and the Teach link', (role) => {
    renderAt('/courses', { loggedIn: true, role });
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(nav()?.textContent).toContain('Teach On LiveEdu');
    expect(screen.getByRole('link', { name: 'Cart, 0 courses' }).getAttribute('href')).toBe('/cart');
  });

  it('shows the admin the Dashboard button and hides the Teach link', () => {
    renderAt('/', { loggedIn: true, role: 'admin' });
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull();
    expect(nav()?.textContent).not.toContain('Teach On LiveEdu');
  });

  it('has a collapsible menu for small screens', () => {
    renderAt('/', { loggedIn: false });
    // The toggle is hidden by CSS on wide screens, so it is looked up regardless of visibility.
    const toggle = document.querySelector<HTMLButtonElement>('header button[aria-expanded]')!;
    expect(toggle.textContent).toContain('Menu');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the page frame', () => {
  function Crash(): never {
    throw new Error('Cannot read the course');
  }

  function renderPages(path: string) {
    render(
      <Provider store={createSessionStore('/')}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={<Layout />}>
              <Route path="broken" element={<Crash />} />
              <Route path="courses" element={<p>Every course</p>} />
              <Route path="*" element={<NotFoundScreen />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
  }

  it('shows a crashed page as the error screen inside the frame, and the next page again', () => {
    renderPages('/broken');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Unexpected Application Error!');
    expect(alert.textContent).toContain('Cannot read the course');
    expect(nav()).toBeTruthy();
    fireEvent.click(screen.getAllByRole('link', { name: 'Courses' })[0]!);
    expect(screen.getByText('Every course')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("answers an unknown route with the router's screen and its status", () => {
    renderPages('/no-such-page');
    expect(screen.getByRole('alert').textContent).toContain('Unexpected Application Error!404 Not Found');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
