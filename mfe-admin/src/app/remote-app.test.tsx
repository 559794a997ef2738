import { sessionActions } from '@liveedu/session';
import {
  answer,
  createTestStore,
  expectFiltered,
  expectFiltersCleared,
  expectNextPage,
  expectRetryAfterFailure,
  json,
  type Role,
  renderRoutes,
  renderWithProviders,
  requestedPaths,
  requests,
} from '@liveedu/web-test-kit';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminApp from './remote-app.tsx';

function renderAt(path: string, role: Role | null = 'admin') {
  return renderRoutes(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/dashboard/*', element: <AdminApp page="dashboard" /> },
    ],
    path,
    role ? { userId: 'u-admin', role } : null,
  );
}

function user(n: number, role: Role = 'student') {
  return { _id: `id${n}`, avatar: `/a/${n}.png`, username: `user${n}`, email: `user${n}@example.com`, role };
}

function setDesktop(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

const urls = requestedPaths;

beforeEach(() => setDesktop(true));
afterEach(() => vi.unstubAllGlobals());

describe('who sees the dashboard', () => {
  it.each([
    ['a visitor', null],
    ['a student', 'student'],
    ['a tutor', 'tutor'],
  ] as const)('sends %s to /', async (_who, role) => {
    const { router } = renderAt('/dashboard/all-users', role);
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(requests()).toHaveLength(0);
  });

  it('waits for the stored session to be checked before deciding', async () => {
    answer(() => json({ count: 0 }));
    const store = createTestStore();
    store.dispatch(sessionActions.restoreStarted());
    const router = createMemoryRouter([{ path: '/dashboard/*', element: <AdminApp page="dashboard" /> }], {
      initialEntries: ['/dashboard/revenue'],
    });
    renderWithProviders(<RouterProvider router={router} />, store);
    expect(screen.getByText('Checking your session…')).toBeTruthy();
    act(() => {
      store.dispatch(sessionActions.loggedIn({ userId: 'u-admin', role: 'admin' }));
      store.dispatch(sessionActions.restoreFinished());
    });
    expect(await screen.findByRole('heading', { name: 'Revenue' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/revenue');
    // The page asks for its six figures; waiting for them keeps them out of the next test's
    // requests on a busy machine.
    await waitFor(() => expect(requests()).toHaveLength(6));
  });

  it('asks for a desktop on a small screen and loads nothing', async () => {
    setDesktop(false);
    renderAt('/dashboard');
    expect(screen.getByText('Please view the dashboard in desktop view')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).toBeNull();
    expect(requests()).toHaveLength(0);
  });
  it('hides the dashboard when the window gets narrow and shows it again without reloading it', async () => {
    let matches = true;
    const listeners = new Set<() => void>();
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({
        get matches() {
          return matches;
        },
        addEventListener: (_: string, fn: () => void) => listeners.add(fn),
        removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
      })),
    );
    answer(() => json({ money: 5 }));
    renderAt('/dashboard/revenue');
    expect(await screen.findByLabelText('Total Revenue')).toBeTruthy();
    const calls = requests().length;
    act(() => {
      matches = false;
      for (const fn of listeners) fn();
    });
    expect(screen.getByText('Please view the dashboard in desktop view')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).toBeNull();
    act(() => {
      matches = true;
      for (const fn of listeners) fn();
    });
    expect(screen.queryByText('Please view the dashboard in desktop view')).toBeNull();
    expect(screen.getByLabelText('Total Revenue')).toBeTruthy();
    expect(requests().length).toBe(calls);
  });
});

describe('sidebar', () => {
  it('links the ten pages and LogOut resets the session, clears storage and goes to /', async () => {
    answer(() => json({ count: 3 }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    localStorage.setItem('id', 'u-admin');
    localStorage.setItem('token', 't');
    localStorage.setItem('jwt', 'j');
    const { store } = renderAt('/dashboard/revenue');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/dashboard',
      '/dashboard/analytics',
      '/dashboard/revenue',
      '/dashboard/withdrawl-requests',
      '/dashboard/all-payments',
      '/dashboard/refunds',
      '/dashboard/coupons',
      '/dashboard/reports',
      '/dashboard/tutor-requests',
      '/dashboard/all-users',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'LogOut' }));
    expect(store.getState().session).toMatchObject({ isLoggedIn: false, role: 'student' });
    expect(localStorage.length).toBe(0);
    expect(assign).toHaveBeenCalledWith('/');
  });
});

describe('home', () => {
  it('shows the four totals and the recent users; delete asks first, then reloads both', async () => {
    let deleted = false;
    answer(({ path: url, method }) => {
      if (method === 'DELETE') {
        deleted = true;
        return json({ message: 'User deleted successfully' });
      }
      if (url.endsWith('count-users')) return json({ count: deleted ? 11 : 12 });
      if (url.endsWith('count-students')) return json({ count: 9 });
      if (url.endsWith('count-tutors')) return json({ count: 3 });
      if (url.endsWith('count-courses')) return json({ count: 14 });
      if (url.endsWith('new-users')) {
        return json(deleted ? [user(2, 'tutor')] : [user(1), user(2, 'tutor')]);
      }
      return json({ message: 'unexpected' }, 500);
    });
    renderAt('/dashboard');
    const total = await screen.findByLabelText('Total users');
    expect(total.textContent).toBe('Total users12');
    expect(screen.getByLabelText('Total students').textContent).toBe('Total students9');
    expect(screen.getByLabelText('Total tutors').textContent).toBe('Total tutors3');
    expect(screen.getByLabelText('Total courses').textContent).toBe('Total courses14');
    const recent = screen.getByRole('list', { name: 'Recent users' });
    const first = within(recent).getByRole('listitem', { name: 'user1' });
    expect(within(first).getByText('user1@example.com')).toBeTruthy();
    expect(within(first).getByText('student')).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Avatar of user1' }).getAttribute('src')).toBe('/a/1.png');

    fireEvent.click(screen.getByRole('button', { name: 'Delete user1' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure ? You want to delete user1 ?')).toBeTruthy();
    expect(requests().some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'user1' })).toBeNull());
    expect(urls()).toContain('/api/v1/delete-user/id1');
    await waitFor(() => expect(screen.getByLabelText('Total users').textContent).toBe('Total users11'));
  });

  it('shows a failed delete next to the user instead of failing silently', async () => {
    answer(({ path, method }) => {
      if (method === 'DELETE') return json({ message: 'The admin account cannot be deleted' }, 403);
      return path.endsWith('new-users') ? json([user(1)]) : json({ count: 1 });
    });
    renderAt('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete user1' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, delete' }));
    expect(
      (await screen.findByText('Could not delete user1: The admin account cannot be deleted')).getAttribute(
        'role',
      ),
    ).toBe('alert');
    expect(screen.getByRole('listitem', { name: 'user1' })).toBeTruthy();
  });

  it('shows an error with a retry when the totals cannot be loaded, not a spinner forever', async () => {
    let fail = true;
    answer(({ path: url }) => {
      if (url.endsWith('new-users')) return json([]);
      return fail ? json({ message: 'Service unavailable' }, 503) : json({ count: 4 });
    });
    renderAt('/dashboard');
    expect(await screen.findByText('The totals could not be loaded. Service unavailable')).toBeTruthy();
    expect(screen.getByText('No users yet')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByLabelText('Total tutors')).textContent).toBe('Total tutors4');
  });
});

describe('all users', () => {
  const page = (count: number, n: number) =>
    json({ allUsers: Array.from({ length: Math.min(n, 7) }, (_, i) => user(i + 1)), count });

  it('shows neither "Page x of y" nor page buttons with 7 users', async () => {
    answer(() => page(7, 7));
    renderAt('/dashboard/all-users');
    const list = await screen.findByRole('list', { name: 'All users' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    expect(screen.queryByText(/Page \d+ of \d+/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Page \d+$/ })).toBeNull();
  });

  it("shows 'Page 1 of 2' and a button a page with 8 users, and loads the page asked for", async () => {
    answer(({ path }) => (path.endsWith('page=2') ? page(8, 1) : page(8, 7)));
    renderAt('/dashboard/all-users');
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'All users' })).getAllByRole('listitem')).toHaveLength(
        1,
      ),
    );
    expect(urls()).toEqual(['/api/v1/all-users?page=1', '/api/v1/all-users?page=2']);
  });
});

/**
 * Answers a list whose row status a PUT sets: reads get `list(status)`; a PUT keeps its body's
 * `field` as the new status and answers `message`.
 */
function answerStatusChanges(
  initial: string,
  field: string,
  message: string,
  list: (status: string) => object,
) {
  let status = initial;
  answer(({ method, body }) => {
    if (method === 'PUT') {
      status = (body as Record<string, string>)[field] ?? status;
      return json({ message });
    }
    return json(list(status));
  });
}

describe('tutor requests', () => {
  const request = (status: string) => ({
    _id: 'r1',
    user: { _id: 'u9', avatar: '/a/9.png', username: 'asha', email: 'asha@example.com', stausOfPage: status },
    ytLink: 'https://youtube.com/@asha',
    resume: 'https://files.example.com/resume.png?sig=1',
  });

  it.each([
    ['in progress', 'In Progress'],
    ['accept', 'Accepted'],
    ['reject', 'Rejected'],
  ])('shows the status %s as %s', async (status, label) => {
    answer(() => json({ data: [request(status)] }));
    renderAt('/dashboard/tutor-requests');
    expect(await screen.findByText(label)).toBeTruthy();
  });

  it("sends 'Select status' as in progress and a choice with the user's id, then shows the new status", async () => {
    answerStatusChanges('reject', 'option', 'Tutor request set to in progress', (status) => ({
      data: [request(status)],
    }));
    renderAt('/dashboard/tutor-requests');
    const row = (await screen.findByText('asha')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'ytLink' }).getAttribute('href')).toBe(
      'https://youtube.com/@asha',
    );
    expect(within(row).getByRole('link', { name: 'Resume' }).getAttribute('href')).toContain('resume.png');
    const select = within(row).getByRole('combobox', { name: 'Status for asha' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Select status', 'Accept', 'Reject']);
    expect(select.value).toBe('in progress');
    fireEvent.click(within(row).getByRole('button', { name: 'Confirm status for asha' }));
    expect(await screen.findByText('In Progress')).toBeTruthy();
    const put = requests().find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/v1/acceptTutorRequest');
    expect(put?.body).toEqual({ option: 'in progress', id: 'u9' });
    expect(await screen.findByText('Tutor request set to in progress')).toBeTruthy();
  });

  it('shows a refused decision in the row', async () => {
    answer(({ method }) =>
      method === 'PUT'
        ? json({ message: 'This application was accepted and the user is already a tutor' }, 409)
        : json({ data: [request('accept')] }),
    );
    renderAt('/dashboard/tutor-requests');
    const select = await screen.findByRole('combobox', { name: 'Status for asha' });
    fireEvent.change(select, { target: { value: 'reject' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm status for asha' }));
    expect(
      await screen.findByText('This application was accepted and the user is already a tutor'),
    ).toBeTruthy();
  });
});

describe('withdrawal requests', () => {
  it('shows the user with bank details, amount and status; sets Success', async () => {
    answerStatusChanges('Processing', 'status', 'Withdrawal status updated', (status) => ({
      total: 1,
      page: 1,
      pages: 1,
      withdrawls: [
        {
          _id: 'w1',
          user: {
            _id: 'u1',
            username: 'priya',
            email: 'priya@example.com',
            bankDetails: {
              fullName: 'Priya S',
              accountNumber: '123456789',
              nameOfBank: 'SBI',
              ifsc: 'SBIN0001234',
            },
          },
          amount: 1600,
          status,
          date: '2025-06-01T10:00:00.000Z',
        },
      ],
    }));
    renderAt('/dashboard/withdrawl-requests');
    const row = (await screen.findByText('priya')).closest('tr') as HTMLElement;
    for (const text of [
      'priya@example.com',
      'Priya S',
      '123456789',
      'SBI',
      'SBIN0001234',
      '₹1,600.00',
      'Processing',
    ]) {
      expect(within(row).getAllByText(text).length).toBeGreaterThan(0);
    }
    const confirm = within(row).getByRole('button', {
      name: 'Confirm the status of the withdrawal of priya',
    });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(row).getByRole('combobox'), { target: { value: 'Success' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(row.querySelectorAll('td')[2]?.textContent).toBe('Success'));
    const put = requests().find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/v1/confirm-withdrawlRequest/w1');
    expect(put?.body).toEqual({ status: 'Success' });
    expect(screen.getByText('Showing 1 of 1')).toBeTruthy();
  });

  it('loads the requests a page at a time', async () => {
    const request = (n: number) => ({
      _id: `w${n}`,
      user: { _id: `u${n}`, username: `tutor${n}`, email: `tutor${n}@example.com` },
      amount: 1000 + n,
      status: 'Processing',
      date: '2025-06-01T10:00:00.000Z',
    });
    answer(({ path }) =>
      path.endsWith('page=2')
        ? json({ withdrawls: [request(3)], total: 3, page: 2, pages: 2 })
        : json({ withdrawls: [request(1), request(2)], total: 3, page: 1, pages: 2 }),
    );
    renderAt('/dashboard/withdrawl-requests');
    expect(await screen.findByText('tutor2')).toBeTruthy();
    expect(screen.queryByText('tutor3')).toBeNull();
    expect(screen.getByText('Showing 2 of 3')).toBeTruthy();
    await expectNextPage('tutor3', 'Showing 3 of 3');
    expect(urls()).toEqual(['/api/v1/withdrawl-history', '/api/v1/withdrawl-history?page=2']);
  });

  it('says when there are no requests', async () => {
    answer(() => json({ withdrawls: [], total: 0, page: 1, pages: 0 }));
    renderAt('/dashboard/withdrawl-requests');
    expect(await screen.findByText('No withdrawal requests')).toBeTruthy();
  });
});

describe('all payments', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const payment = (n: number, ago: number, success = true) => ({
    _id: `p${n}`,
    razorpay_order_id: `order_${n}`,
    ...(success ? { razorpay_payment_id: `pay_${n}` } : {}),
    courseEnrolled: { _id: `c${n}`, title: `Course ${n}` },
    amount: 500 * n,
    success,
    createdAt: new Date(Date.now() - ago).toISOString(),
    user: { _id: `u${n}`, username: `buyer${n}` },
  });

  it('shows every order with its buyer a page at a time; the filters ask the server for the period', async () => {
    answer(({ path }) => {
      const query = new URL(path, 'http://site').searchParams;
      if (query.get('timePeriod') === 'past28days') {
        return json({ data: [payment(1, 0)], total: 1, page: 1, pages: 1 });
      }
      return query.get('page') === '2'
        ? json({ data: [payment(3, 60 * DAY)], total: 3, page: 2, pages: 2 })
        : json({ data: [payment(1, 0), payment(2, 40 * DAY, false)], total: 3, page: 1, pages: 2 });
    });
    renderAt('/dashboard/all-payments');
    const paid = (await screen.findByText('order_1')).closest('tr') as HTMLElement;
    expect(within(paid).getByText('buyer1')).toBeTruthy();
    expect(within(paid).getByRole('link', { name: 'Course 1' }).getAttribute('href')).toBe('/viewCouse/c1');
    expect(within(paid).getByText('Success')).toBeTruthy();
    const failed = screen.getByText('order_2').closest('tr') as HTMLElement;
    // No payment id, and bought without a coupon: no coupon and no list price.
    expect(
      within(failed)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['buyer2', 'order_2', '-', 'Course 2', '₹1,000.00', '-', '-', 'Fail', expect.any(String)]);
    expect(screen.getByText('Showing 2 of 3')).toBeTruthy();
    expect(screen.queryByText('order_3')).toBeNull();

    await expectNextPage('order_3', 'Showing 3 of 3');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await expectFiltered('28 days', {
      gone: ['order_2', 'order_3'],
      kept: 'order_1',
      count: 'Showing 1 of 1',
    });

    // Back to every order, as far as it had been read, from the cache: nothing is asked again.
    await expectFiltersCleared(
      ['order_3', 'order_2'],
      [
        '/api/v1/all-payment-history',
        '/api/v1/all-payment-history?page=2',
        '/api/v1/all-payment-history?timePeriod=past28days',
      ],
    );
  });

  it('shows the coupon a line was bought with and the course’s list price beside what was paid', async () => {
    answer(() =>
      json({
        data: [{ ...payment(1, 0), amount: 400, couponCode: 'LAUNCH20', listPrice: 500 }],
        total: 1,
        page: 1,
        pages: 1,
      }),
    );
    renderAt('/dashboard/all-payments');
    const row = (await screen.findByText('order_1')).closest('tr') as HTMLElement;
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const cell = (header: string) => within(row).getAllByRole('cell')[headers.indexOf(header)]?.textContent;
    expect(cell('Amount')).toBe('₹400.00');
    expect(cell('Coupon')).toBe('LAUNCH20');
    expect(cell('List price')).toBe('₹500.00');
  });

  it('says when there is nothing in the period, and shows a failed load with a retry', async () => {
    let fail = true;
    answer(({ path }) => {
      if (fail) return json({ message: 'Payments are unavailable' }, 503);
      return path.includes('timePeriod=today')
        ? json({ data: [], total: 0, page: 1, pages: 0 })
        : json({ data: [payment(1, 3 * DAY)], total: 1, page: 1, pages: 1 });
    });
    renderAt('/dashboard/all-payments');
    await expectRetryAfterFailure(
      'The payments could not be loaded. Payments are unavailable',
      () => {
        fail = false;
      },
      'order_1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByText('No Order History')).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });
});

describe('revenue', () => {
  it('shows revenue and profit from the six calls', async () => {
    const money: Record<string, number> = {
      getTotalRevnue: 10000,
      getTotalRevenueThisMonth: 4000,
      getTotalRevenueThisWeek: 2000,
      getTotalRevenueTwentyPercent: 2000,
      getTotalRevenueThisMonthTwentyPercent: 800,
      getTotalRevenueThisWeektwentypercent: 400,
    };
    answer(({ path }) => json({ money: money[path.split('/').at(-1) ?? ''] }));
    renderAt('/dashboard/revenue');
    const expected: [string, string][] = [
      ['Total Revenue', '₹10,000.00'],
      ['This Month', '₹4,000.00'],
      ['This Week', '₹2,000.00'],
      ['Total Profit', '₹2,000.00'],
      ['This Month Profit', '₹800.00'],
      ['This Week Profit', '₹400.00'],
    ];
    for (const [label, value] of expected) {
      expect((await screen.findByLabelText(label)).textContent).toBe(`${label}${value}`);
    }
  });
});

describe('analytics', () => {
  it('keeps the other charts when one call fails, with a retry for the failed one', async () => {
    answer(({ path: url }) => {
      if (url.endsWith('user-signups')) return json({ message: 'down' }, 503);
      if (url.endsWith('course-created-data')) return json({ dates: ['1 Jun'], courseCounts: [1] });
      if (url.endsWith('new-users-per-month')) return json({ months: ['Jun'], userCounts: [3] });
      return json({ months: ['Jun'], courseCounts: [2] });
    });
    renderAt('/dashboard/analytics');
    expect(await screen.findByText('“New users in the last 28 days” could not be loaded. down')).toBeTruthy();
    for (const title of ['New courses in the last 28 days', 'New users per month', 'New courses per month']) {
      expect(await screen.findByRole('figure', { name: title })).toBeTruthy();
    }
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(1);
  });
});
