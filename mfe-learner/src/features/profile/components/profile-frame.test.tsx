import { sessionActions } from '@liveedu/session';
import {
  answer,
  createTestStore,
  json,
  renderWithProviders,
  requests,
  userData,
} from '@liveedu/web-test-kit';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileFrame } from './profile-frame.tsx';
import { mobileShortcuts, sidebarEntries } from './profile-nav.ts';

function renderFrame(loggedIn: boolean) {
  const store = createTestStore();
  if (loggedIn) store.dispatch(sessionActions.loggedIn({ userId: 'u1' }));
  const router = createMemoryRouter(
    [
      {
        path: '/profile/*',
        Component: ProfileFrame,
        children: [{ index: true, element: <p>index page</p> }],
      },
      { path: '/signup', element: <p>sign up page</p> },
    ],
    { initialEntries: ['/profile'] },
  );
  renderWithProviders(<RouterProvider router={router} />, store);
}

afterEach(() => vi.unstubAllGlobals());

describe('profile frame', () => {
  it('sends a logged-out visitor to /signup without asking the server', async () => {
    renderFrame(false);
    expect(await screen.findByText('sign up page')).toBeTruthy();
    expect(requests()).toHaveLength(0);
  });

  it('shows a tutor the header card, Create A New Course, the review banner and all sixteen entries', async () => {
    answer(() =>
      json(
        userData({
          email: 'priya@example.com',
          username: 'priya',
          role: 'tutor',
          stausOfPage: 'in progress',
        }),
      ),
    );
    renderFrame(true);
    const header = await screen.findByRole('region', { name: 'Your profile' });
    expect(within(header).getByRole('heading', { name: 'priya' })).toBeTruthy();
    expect(within(header).getByText('priya@example.com')).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Create A New Course' }).getAttribute('href')).toBe(
      '/create-a-new-course',
    );
    expect(screen.getByText('Your application to become a tutor is under review')).toBeTruthy();
    const sidebar = screen.getByRole('navigation', { name: 'Profile' });
    expect(within(sidebar).getAllByRole('listitem')).toHaveLength(16);
    expect(screen.getByText('index page')).toBeTruthy();
  });

  it('shows an error with a retry when the user cannot be loaded', async () => {
    answer(() => new Response(JSON.stringify({ message: 'Service unavailable' }), { status: 503 }));
    renderFrame(true);
    expect(await screen.findByText('Service unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('sidebar entries', () => {
  it('gives a student the learner entries with Enrolled Courses at /profile', () => {
    expect(sidebarEntries('student')).toEqual([
      { label: 'Enrolled Courses', to: '/profile' },
      { label: 'Order History', to: '/profile/order-history' },
      { label: 'Favourites', to: '/profile/favourites' },
      { label: 'Certificates', to: '/profile/certificates' },
      { label: 'Todo', to: '/profile/todo' },
      { label: 'Live classes', to: '/profile/live-classes' },
      { label: 'Notifications', to: '/profile/notifications' },
      { label: 'Settings', to: '/profile/settings' },
    ]);
    expect(mobileShortcuts('student').map((e) => e.label)).toEqual(['Enrolled Courses', 'Order History']);
  });

  it('gives a tutor every entry, the learner ones at their own paths', () => {
    expect(sidebarEntries('tutor').map((e) => e.to)).toEqual([
      '/profile',
      '/profile/payment-history',
      '/profile/tutor-analytics',
      '/profile/withdraw-money',
      '/profile/grading',
      '/profile/questions',
      '/profile/coupons',
      '/profile/enrolled-courses',
      '/profile/order-history',
      '/profile/favourites',
      '/profile/certificates',
      '/profile/todo',
      '/profile/live-classes',
      '/profile/notifications',
      '/profile/settings',
    ]);
    expect(mobileShortcuts('tutor').map((e) => e.label)).toEqual(['My Courses', 'Analytics']);
  });

  it('gives the admin the learner entries but Live classes, which only course members take part in', () => {
    const admin = sidebarEntries('admin').map((e) => e.label);
    expect(admin).not.toContain('Live classes');
    expect(admin).toEqual(
      sidebarEntries('student')
        .map((e) => e.label)
        .filter((label) => label !== 'Live classes'),
    );
  });
});
