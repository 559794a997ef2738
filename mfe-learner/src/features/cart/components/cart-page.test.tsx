import {
  answer,
  fakePaymentWindow,
  json,
  paymentSuccessRoute,
  renderRoutes,
  requests,
  unexpected,
} from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CartPage } from './cart-page.tsx';

const STUDENT = { userId: 'u1', role: 'student' as const, token: 't1' };

/** The courses the fake catalog sells: id → title and price in rupees. */
const COURSES: Record<string, { title: string; price: number }> = {
  c1: { title: 'Algebra', price: 500 },
  c2: { title: 'Geometry', price: 300 },
};

/**
 * A fake of the cart's calls that keeps the cart: GET prices it (SAVE10 takes 10% off every
 * course; any other code is refused), PUT replaces it, checkout answers `order`.
 */
function serveCart(initial: string[], order: Record<string, unknown> = {}) {
  const state = { courseIds: [...initial] };
  const priced = (code: string | null) => {
    const valid = code === 'SAVE10';
    const items = state.courseIds.map((id) => {
      const course = COURSES[id] as { title: string; price: number };
      const payable = valid ? course.price * 0.9 : course.price;
      return {
        courseId: id,
        title: course.title,
        tutorId: 't1',
        price: course.price,
        payable,
        couponApplies: valid,
      };
    });
    return {
      courseIds: [...state.courseIds],
      items,
      count: items.length,
      total: items.reduce((sum, item) => sum + item.price, 0),
      payable: items.reduce((sum, item) => sum + item.payable, 0),
      coupon: code
        ? { code, valid, message: valid ? 'The coupon applies to this cart' : 'No coupon with this code' }
        : null,
    };
  };
  answer(({ method, path, body }) => {
    const url = new URL(path, 'http://site.test');
    if (path === '/app-config.json')
      return json({ razorpayCheckoutUrl: 'https://checkout.test/v1/checkout.js' });
    if (method === 'GET' && url.pathname === '/api/v1/cart')
      return json(priced(url.searchParams.get('couponCode')));
    if (method === 'PUT' && url.pathname === '/api/v1/cart') {
      state.courseIds = (body as { courseIds: string[] }).courseIds;
      return json(priced((body as { couponCode?: string }).couponCode ?? null));
    }
    if (method === 'GET' && url.pathname.startsWith('/api/v1/get-course-details/')) {
      const id = url.pathname.split('/').pop() as string;
      return json({ _id: id, title: COURSES[id]?.title, thumbnail: `/files/${id}.png` });
    }
    if (path === '/api/v1/get-api-keys') return json({ key: 'rzp_test_key' });
    if (path === '/api/v1/getUserData') return json({ email: 'asha@example.com' });
    if (method === 'POST' && path === '/api/v1/cart/checkout') return json(order);
    return unexpected({ method, path });
  });
  return state;
}

/** What the payment window was opened with, in the order it was opened. */
const opened = fakePaymentWindow();

const renderCart = (user: typeof STUDENT | null = STUDENT) =>
  renderRoutes([{ path: '/cart', Component: CartPage }, paymentSuccessRoute], '/cart', user);

const lines = () => within(screen.getByRole('list', { name: 'Courses in your cart' }));
const total = () => screen.getByText(/^Total/).parentElement as HTMLElement;

describe('the cart page', () => {
  it('lists the courses with their pictures and prices, and the total', async () => {
    serveCart(['c1', 'c2']);
    renderCart();
    expect(await screen.findByRole('link', { name: 'Algebra' })).toBeTruthy();
    const rows = lines().getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Algebra₹500.00'),
      expect.stringContaining('Geometry₹300.00'),
    ]);
    expect(lines().getByRole('link', { name: 'Geometry' }).getAttribute('href')).toBe('/viewCouse/c2');
    await waitFor(() => expect(rows[0]?.querySelector('img')?.getAttribute('src')).toBe('/files/c1.png'));
    expect(total().textContent).toBe('Total (2 courses)₹800.00');
  });

  it('removes a course, and says so when the cart is empty', async () => {
    const state = serveCart(['c1', 'c2']);
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Algebra' }));
    await waitFor(() => expect(lines().queryByRole('link', { name: 'Algebra' })).toBeNull());
    expect(state.courseIds).toEqual(['c2']);
    expect(requests().find((r) => r.method === 'PUT')?.body).toEqual({ courseIds: ['c2'] });
    expect(total().textContent).toBe('Total (1 course)₹300.00');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Geometry' }));
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse courses' }).getAttribute('href')).toBe('/courses');
  });

  it('prices every course with a coupon, says why another code is refused, and takes it off', async () => {
    serveCart(['c1', 'c2']);
    renderCart();
    const coupon = within(await screen.findByRole('form', { name: 'Coupon' }));
    fireEvent.change(coupon.getByLabelText('Have a coupon?'), { target: { value: 'nope' } });
    fireEvent.click(coupon.getByRole('button', { name: 'Apply' }));
    expect(await coupon.findByText('No coupon with this code')).toBeTruthy();
    expect(total().textContent).toBe('Total (2 courses)₹800.00');

    fireEvent.change(coupon.getByLabelText('Have a coupon?'), { target: { value: 'save10' } });
    fireEvent.click(coupon.getByRole('button', { name: 'Apply' }));
    expect(await coupon.findByText('SAVE10: The coupon applies to this cart')).toBeTruthy();
    expect(requests().map((r) => r.path)).toContain('/api/v1/cart?couponCode=SAVE10');
    const algebra = lines().getAllByRole('listitem')[0] as HTMLElement;
    expect(algebra.querySelector('s')?.textContent).toBe('Price ₹500.00');
    expect(algebra.querySelector('strong')?.textContent).toBe('with the coupon ₹450.00');
    expect(total().querySelector('strong')?.textContent).toBe('with the coupon ₹720.00');

    fireEvent.click(coupon.getByRole('button', { name: 'Remove coupon' }));
    await waitFor(() => expect(total().textContent).toBe('Total (2 courses)₹800.00'));
  });

  it('checks the cart out with the coupon and the state, and opens the payment window for the order', async () => {
    serveCart(['c1', 'c2'], {
      orderId: 'order_C1',
      data: { amount: 72000, id: 'order_C1' },
      courseIds: ['c1', 'c2'],
      paid: false,
    });
    localStorage.setItem('billingState', '27');
    renderCart();
    const coupon = within(await screen.findByRole('form', { name: 'Coupon' }));
    fireEvent.change(coupon.getByLabelText('Have a coupon?'), { target: { value: 'SAVE10' } });
    fireEvent.click(coupon.getByRole('button', { name: 'Apply' }));
    await coupon.findByText('SAVE10: The coupon applies to this cart');
    const state = screen.getByLabelText('Your state (for the tax invoice)') as HTMLSelectElement;
    await waitFor(() => expect(state.value).toBe('27'));
    expect(state.selectedOptions[0]?.textContent).toBe('Maharashtra');

    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(requests().find((r) => r.path === '/api/v1/cart/checkout')?.body).toEqual({
      couponCode: 'SAVE10',
      billingState: '27',
    });
    expect(opened[0]).toMatchObject({ key: 'rzp_test_key', amount: 72000, order_id: 'order_C1' });
    expect(String(opened[0]?.callback_url)).toMatch(/\/api\/v1\/cartVerification\/order_C1$/);
    expect(opened[0]?.prefill).toMatchObject({ email: 'asha@example.com' });
  });

  it('goes to the success page without the payment window when the coupon pays the whole cart', async () => {
    serveCart(['c1'], {
      orderId: 'free_9',
      data: { amount: 0, id: 'free_9' },
      courseIds: ['c1'],
      paid: true,
    });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(await screen.findByRole('heading', { name: 'Paid free_9' })).toBeTruthy();
    expect(opened).toEqual([]);
    expect(requests().find((r) => r.path === '/api/v1/cart/checkout')?.body).toEqual({});
  });

  it('shows a failed read with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    answer(() =>
      down
        ? json({ message: 'The catalog is not answering' }, 503)
        : json({ courseIds: [], items: [], count: 0, total: 0, payable: 0, coupon: null }),
    );
    renderCart();
    expect(await screen.findByText('The catalog is not answering')).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
  });

  it('asks a visitor to log in, reading nothing', async () => {
    answer(() => json({ message: 'nothing is read' }, 599));
    renderCart(null);
    expect(screen.getByText('Log in to see your cart.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(requests()).toEqual([]);
  });
});
