import type { Coupon, CouponBody } from '@liveedu/api-client';
import {
  answer,
  couponCalls,
  couponOf,
  fillIn,
  json,
  requestedPaths,
  requests,
  rowCells,
  unexpected,
} from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderDashboard } from '../../../shared/testing/render-dashboard.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const card = (id: string, title: string) => ({ _id: id, title });
const CATALOG = [card('c1', 'Typed JavaScript'), card('c2', 'Statistics with Python')];
const FOUND = [card('c9', 'Spoken Sanskrit')];

/**
 * The catalog (its first page, a search, a course's page) and payments' coupons over `all`, the
 * admin's view of everyone's; a switch changes `active`, a taken code is a 409.
 */
function server(all: Coupon[]) {
  const coupons = couponCalls({ all, scope: 'platform' });
  answer((request) => {
    const coupon = coupons(request);
    if (coupon) return coupon;
    const url = new URL(`http://x${request.path}`);
    if (url.pathname === '/api/v1/courses') return json({ courses: CATALOG, total: 2, page: 1, pages: 1 });
    if (url.pathname === '/api/v1/search/sanskrit') {
      return json({ courses: FOUND, tutor: [], total: 1, page: 1, pages: 1 });
    }
    const details = /^\/api\/v1\/get-course-details\/(\w+)$/.exec(url.pathname);
    if (details) {
      const found = [...CATALOG, ...FOUND].find((c) => c._id === details[1]);
      return found ? json(found) : json({ message: 'Course not found' }, 404);
    }
    return unexpected(request);
  });
}

describe('the admin’s coupons', () => {
  it('lists everyone’s coupons with what each is for: a course by its title, a tutor’s courses, or every course', async () => {
    server([
      couponOf(3, { courseId: 'c2', scope: 'course', used: 4, maxUses: 10 }),
      couponOf(2, { scope: 'tutor', amountOff: 100, percentOff: undefined }),
      couponOf(1, { courseId: 'gone1', scope: 'course' }),
      couponOf(4),
    ]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDashboard('/dashboard/coupons');
    expect(await screen.findByRole('heading', { name: 'Coupons' })).toBeTruthy();
    await screen.findByText('CODE3');
    await waitFor(() => expect(rowCells('CODE3')[1]).toBe('Statistics with Python'));
    expect(rowCells('CODE3').slice(2, 5)).toEqual([
      '10% off',
      '1 Dec 2026, 10:00 am – 31 Dec 2026, 11:59 pm',
      '4 / 10',
    ]);
    expect(rowCells('CODE2').slice(1, 3)).toEqual(['All courses of its tutor', '₹100.00 off']);
    await waitFor(() => expect(rowCells('CODE1')[1]).toBe('A deleted course'));
    expect(rowCells('CODE4')[1]).toBe('Every course');
  });

  it('makes a coupon for every course', async () => {
    server([]);
    renderDashboard('/dashboard/coupons');
    expect(await screen.findByText('No coupons yet')).toBeTruthy();
    fillIn({ Code: 'SITEWIDE', 'Discount (%)': '15' });
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Coupon SITEWIDE created')).toBeTruthy();
    await waitFor(() => expect(rowCells('SITEWIDE').slice(1, 3)).toEqual(['Every course', '15% off']));
    expect(requests().find((r) => r.method === 'POST')?.body).toMatchObject({
      code: 'SITEWIDE',
      courseId: null,
      percentOff: 15,
      perUser: 1,
    });
  });

  it('finds a course in the catalog and makes a coupon for it; a taken code is refused as the server says', async () => {
    server([couponOf(1)]);
    renderDashboard('/dashboard/coupons');
    const course = (await screen.findByLabelText('Course')) as HTMLSelectElement;
    await waitFor(() =>
      expect([...course.options].map((o) => o.textContent)).toEqual([
        'Every course',
        'Typed JavaScript',
        'Statistics with Python',
      ]),
    );
    expect(screen.getByText('Search to choose from all 2 courses')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Find a course'), { target: { value: 'sanskrit' } });
    await waitFor(() =>
      expect([...course.options].map((o) => o.textContent)).toEqual(['Every course', 'Spoken Sanskrit']),
    );
    expect(screen.getByText('1 of 1 found')).toBeTruthy();
    fireEvent.change(course, { target: { value: 'c9' } });
    // Searching again keeps the chosen course offered and chosen.
    fireEvent.change(screen.getByLabelText('Find a course'), { target: { value: '' } });
    await waitFor(() => expect(course.options).toHaveLength(4));
    expect(course.value).toBe('c9');

    fillIn({ Code: 'code1', 'Discount (%)': '50' });
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A coupon with this code exists already');

    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'SANSKRIT50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Coupon SANSKRIT50 created')).toBeTruthy();
    await waitFor(() => expect(rowCells('SANSKRIT50')[1]).toBe('Spoken Sanskrit'));
    expect(
      requests()
        .filter((r) => r.method === 'POST')
        .map((r) => (r.body as CouponBody).courseId),
    ).toEqual(['c9', 'c9']);
    expect(requestedPaths()).toContain('/api/v1/search/sanskrit');
  });

  it('deactivates a coupon with its switch', async () => {
    server([couponOf(1)]);
    renderDashboard('/dashboard/coupons');
    fireEvent.click(await screen.findByRole('switch', { name: 'CODE1 active' }));
    await waitFor(() => expect(rowCells('CODE1')[6]).toBe('Off'));
    expect(requests().find((r) => r.method === 'PUT')).toMatchObject({
      path: '/api/v1/coupons/k1',
      body: { active: false },
    });
  });
});
