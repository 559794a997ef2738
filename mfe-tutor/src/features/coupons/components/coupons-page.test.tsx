import type { Coupon } from '@liveedu/api-client';
import {
  answer,
  couponCalls,
  couponOf,
  expectRetryAfterFailure,
  fillIn,
  json,
  requestedPaths,
  requests,
  rowCells,
  unexpected,
} from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TutorApp from '../../../app/remote-app.tsx';
import { renderPage } from '../../../shared/testing/render-page.tsx';

const COURSE_PAGES = [
  { createdCourses: [{ _id: 'c1', title: 'Typed JavaScript' }], total: 2, page: 1, pages: 2 },
  { createdCourses: [{ _id: 'c2', title: 'Statistics with Python' }], total: 2, page: 2, pages: 2 },
];

/** The tutor's coupon `n`: 10·`n`% off all their courses, used `n` times, made on 1–9 Nov. */
const coupon = (n: number, changes: Partial<Coupon> = {}) =>
  couponOf(n, {
    scope: 'tutor',
    percentOff: 10 * n,
    used: n,
    createdAt: `2026-11-0${n}T00:00:00.000Z`,
    ...changes,
  });

/**
 * Payments' coupons for one tutor over `all` (newest first): a new code is refused as the service
 * refuses it (a taken code 409, a window that ends before it starts 400); a switch changes `active`.
 */
function couponServer(all: Coupon[], options: { failList?: () => boolean } = {}) {
  const coupons = couponCalls({ all, scope: 'tutor', ...options });
  answer((request) => {
    const coupon = coupons(request);
    if (coupon) return coupon;
    const url = new URL(`http://x${request.path}`);
    if (url.pathname === '/api/v1/get-tutors-courses') {
      return json(COURSE_PAGES[Number(url.searchParams.get('page') ?? 1) - 1]);
    }
    return unexpected(request);
  });
}

afterEach(() => vi.restoreAllMocks());

const openPage = () => renderPage(<TutorApp page="coupons" />, { path: '/profile/coupons' });

describe('the tutor’s coupons', () => {
  it('lists each coupon with its course or all courses, discount, window, uses of the limit and switch', async () => {
    couponServer([
      coupon(2, { courseId: 'c2', scope: 'course', amountOff: 250, percentOff: undefined, maxUses: 40 }),
      coupon(1),
    ]);
    openPage();
    await screen.findByText('CODE2');
    // The course named is the tutor's second page of courses: every page is read.
    await waitFor(() => expect(rowCells('CODE2')[1]).toBe('Statistics with Python'));
    expect(rowCells('CODE2')).toEqual([
      'CODE2',
      'Statistics with Python',
      '₹250.00 off',
      '1 Dec 2026, 10:00 am – 31 Dec 2026, 11:59 pm',
      '2 / 40',
      '1',
      'On',
    ]);
    expect(rowCells('CODE1').slice(1, 5)).toEqual([
      'All my courses',
      '10% off',
      '1 Dec 2026, 10:00 am – 31 Dec 2026, 11:59 pm',
      '1 / no limit',
    ]);
    const course = screen.getByLabelText('Course') as HTMLSelectElement;
    expect([...course.options].map((o) => o.textContent)).toEqual([
      'All my courses',
      'Typed JavaScript',
      'Statistics with Python',
    ]);
    expect(requestedPaths()).toEqual(
      expect.arrayContaining(['/api/v1/get-tutors-courses', '/api/v1/get-tutors-courses?page=2']),
    );
  });

  it('creates a coupon for one course and lists it first; the form starts afresh', async () => {
    couponServer([coupon(1)]);
    openPage();
    await screen.findByText('CODE1');
    await waitFor(() =>
      expect((screen.getByLabelText('Course') as HTMLSelectElement).options).toHaveLength(3),
    );
    fillIn({ Code: 'launch20', Course: 'c1' });
    fireEvent.click(screen.getByLabelText('Amount off'));
    fillIn({
      'Discount (₹)': '199.50',
      Starts: '2026-12-01T10:00',
      Ends: '2026-12-08T10:00',
      'Max uses': '100',
      'Uses per student': '2',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));

    expect(await screen.findByText('Coupon LAUNCH20 created')).toBeTruthy();
    const sent = requests().find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({
      code: 'launch20',
      courseId: 'c1',
      amountOff: 199.5,
      startsAt: new Date('2026-12-01T10:00').toISOString(),
      endsAt: new Date('2026-12-08T10:00').toISOString(),
      maxUses: 100,
      perUser: 2,
    });
    await screen.findByText('LAUNCH20');
    const first = within(screen.getByRole('table')).getAllByRole('row')[1];
    expect(first?.contains(screen.getByText('LAUNCH20'))).toBe(true);
    expect(rowCells('LAUNCH20').slice(0, 3)).toEqual(['LAUNCH20', 'Typed JavaScript', '₹199.50 off']);
    expect(rowCells('LAUNCH20')[4]).toBe('0 / 100');
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Course') as HTMLSelectElement).value).toBe('');
  });

  it('shows the server’s refusals as it says them and keeps what was typed', async () => {
    couponServer([coupon(1)]);
    openPage();
    await screen.findByText('CODE1');
    const send = () => fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));

    fillIn({ Code: 'no!', 'Discount (%)': '15' });
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'body/code must match pattern "^[A-Za-z0-9]{4,20}$"',
    );

    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'code1' } });
    send();
    await screen.findByText('A coupon with this code exists already');

    fillIn({ Code: 'SPRING', Starts: '2026-12-08T10:00', Ends: '2026-12-01T10:00' });
    send();
    await screen.findByText('startsAt must be before endsAt');
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('SPRING');
    expect((screen.getByLabelText('Discount (%)') as HTMLInputElement).value).toBe('15');
    expect(screen.getAllByRole('row')).toHaveLength(2);

    // What cannot be sent at all is said before asking.
    fireEvent.change(screen.getByLabelText('Discount (%)'), { target: { value: '' } });
    send();
    await screen.findByText('Enter the percent off');
    expect(requests().filter((r) => r.method === 'POST')).toHaveLength(3);
  });

  it('turns a coupon off and on again with its switch', async () => {
    couponServer([coupon(1)]);
    openPage();
    const on = await screen.findByRole('switch', { name: 'CODE1 active' });
    expect((on as HTMLInputElement).checked).toBe(true);
    fireEvent.click(on);
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'CODE1 active' }) as HTMLInputElement).checked).toBe(false),
    );
    expect(rowCells('CODE1')[6]).toBe('Off');
    fireEvent.click(screen.getByRole('switch', { name: 'CODE1 active' }));
    await waitFor(() => expect(rowCells('CODE1')[6]).toBe('On'));
    expect(
      requests()
        .filter((r) => r.method === 'PUT')
        .map((r) => [r.path, r.body]),
    ).toEqual([
      ['/api/v1/coupons/k1', { active: false }],
      ['/api/v1/coupons/k1', { active: true }],
    ]);
  });

  it('says when there are no coupons yet, and shows a failed load with a retry', async () => {
    let fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    couponServer([], { failList: () => fail });
    openPage();
    await expectRetryAfterFailure(
      'Coupons are unavailable',
      () => {
        fail = false;
      },
      'No coupons yet',
    );
  });
});
