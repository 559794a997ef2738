import {
  answerRoutes,
  cartOf,
  cartRoutes,
  fakePaymentWindow,
  paymentSuccessRoute,
  type Routes,
  requests,
} from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { courseDetails, noReviews, STUDENT } from '../testing/course-details.ts';
import { renderCoursePage } from '../testing/render-course-page.tsx';

/** What the payment window was opened with, in the order it was opened. */
const opened = fakePaymentWindow();

const renderPage = (user: typeof STUDENT | null = STUDENT) =>
  renderCoursePage(user, [paymentSuccessRoute, { path: '/cart', element: <h1>Your cart</h1> }]);

/** The coupon service's verdict on a code for the ₹499 course: its price with the code, and why. */
const couponCheck = (valid: boolean, discounted: number, message: string): Routes => ({
  'GET /api/v1/coupons/check': { body: { valid, price: 499, discounted, message } },
});

/** The order a checkout opens; one a coupon pays in full comes back already paid. */
const checkoutOrder = (orderId: string, amount: number, paid = false): Routes => ({
  'POST /api/v1/checkout': { body: { orderId, data: { amount, id: orderId }, paid } },
});

/** A paid course's page and the calls a purchase makes; `extra` answers the rest. */
function serve(extra: Routes) {
  answerRoutes({
    'GET /app-config.json': { body: { razorpayCheckoutUrl: 'https://checkout.test/v1/checkout.js' } },
    'GET /api/v1/get-course-details/c1': { body: courseDetails({ price: 499 }) },
    'GET /api/v1/get-course-reviews/c1': noReviews,
    'GET /api/v1/cart': { body: cartOf([]) },
    'GET /api/v1/get-api-keys': { body: { key: 'rzp_test_key' } },
    'GET /api/v1/getUserData': { body: { email: 'asha@example.com' } },
    ...extra,
  });
}

const checkoutCall = () => requests().find((r) => r.path === '/api/v1/checkout');

async function applyCode(code: string) {
  const box = within(await screen.findByRole('form', { name: 'Coupon' }));
  fireEvent.change(box.getByLabelText('Have a coupon?'), { target: { value: code } });
  fireEvent.click(box.getByRole('button', { name: 'Apply' }));
  return box;
}

describe('the coupon box of a course page', () => {
  it('shows the price struck through beside the discounted one, and buys at that price', async () => {
    serve({
      ...couponCheck(true, 399.2, 'The coupon applies to this course'),
      ...checkoutOrder('order_9', 39920),
    });
    renderPage();
    const box = await applyCode('save20');
    expect(await box.findByText('SAVE20: The coupon applies to this course')).toBeTruthy();
    expect(requests().find((r) => r.path.startsWith('/api/v1/coupons/check'))?.path).toBe(
      '/api/v1/coupons/check?code=SAVE20&courseId=c1',
    );
    const pay = screen.getByText('You pay').parentElement as HTMLElement;
    expect(pay.querySelector('s')?.textContent).toBe('Price ₹499.00');
    expect(pay.querySelector('strong')?.textContent).toBe('with the coupon ₹399.20');

    fireEvent.change(screen.getByLabelText('Your state (for the tax invoice)'), { target: { value: '29' } });
    expect(localStorage.getItem('billingState')).toBe('29');
    fireEvent.click(screen.getByRole('button', { name: 'Enroll Now' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(checkoutCall()?.body).toMatchObject({ course: 'c1', couponCode: 'SAVE20', billingState: '29' });
    expect(opened[0]).toMatchObject({ key: 'rzp_test_key', amount: 39920, order_id: 'order_9' });
    // The callback names what the order charges, not the list price, or the payment is refused.
    expect(String(opened[0]?.callback_url)).toMatch(
      /\/api\/v1\/paymentVerification\/order_9\/c1\/u1\/t1\/399\.2$/,
    );
  });

  it('says why a code cannot be used, and buys at the full price without it', async () => {
    serve({ ...couponCheck(false, 499, 'This coupon has expired'), ...checkoutOrder('order_8', 49900) });
    renderPage();
    const box = await applyCode('OLD10');
    expect(await box.findByText('This coupon has expired')).toBeTruthy();
    expect(screen.queryByText('You pay')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enroll Now' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(checkoutCall()?.body).not.toHaveProperty('couponCode');
    expect(checkoutCall()?.body).not.toHaveProperty('billingState');
    expect(String(opened[0]?.callback_url)).toMatch(/\/order_8\/c1\/u1\/t1\/499$/);
  });

  it('buys a course a coupon makes free without the payment window, and shows the success page', async () => {
    serve({
      ...couponCheck(true, 0, 'The coupon makes this course free'),
      ...checkoutOrder('free_abc', 0, true),
    });
    renderPage();
    const box = await applyCode('ALLFREE');
    expect(await box.findByText('ALLFREE: The coupon makes this course free')).toBeTruthy();
    const pay = screen.getByText('You pay').parentElement as HTMLElement;
    expect(pay.querySelector('strong')?.textContent).toBe('with the coupon Free');
    fireEvent.click(screen.getByRole('button', { name: 'Enroll Now' }));
    expect(await screen.findByRole('heading', { name: 'Paid free_abc' })).toBeTruthy();
    expect(checkoutCall()?.body).toMatchObject({ couponCode: 'ALLFREE' });
    expect(opened).toEqual([]);
    expect(document.querySelector('script[src*="checkout.test"]')).toBeNull();
  });

  it('takes the code off again: the full price, and no coupon sent', async () => {
    serve({ ...couponCheck(true, 449, 'The coupon applies to this course') });
    renderPage(null);
    const box = await applyCode('TENOFF');
    await box.findByText('TENOFF: The coupon applies to this course');
    // A visitor checks a code too, but has no state to choose and no cart.
    expect(screen.queryByLabelText('Your state (for the tax invoice)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    fireEvent.click(box.getByRole('button', { name: 'Remove coupon' }));
    expect(screen.queryByText('You pay')).toBeNull();
    expect(box.queryByText(/TENOFF/)).toBeNull();
  });
});

describe('Add to cart on a course page', () => {
  it('puts the course in the cart, then says it is in the cart', async () => {
    serve(cartRoutes(['c7']));
    renderPage();
    const add = await screen.findByRole('button', { name: 'Add to cart' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(add);
    const inCart = await screen.findByRole('link', { name: 'In cart' });
    expect(inCart.getAttribute('href')).toBe('/cart');
    expect(requests().find((r) => r.method === 'PUT')?.body).toEqual({ courseIds: ['c7', 'c1'] });
    expect(await screen.findByText('Added to your cart')).toBeTruthy();
  });

  it('offers neither the cart nor the coupon to a student who has the course', async () => {
    answerRoutes({
      'GET /api/v1/get-course-details/c1': { body: courseDetails({ price: 499, studentsEnrolled: ['u1'] }) },
      'GET /api/v1/get-course-reviews/c1': noReviews,
    });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Start Learning' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Coupon' })).toBeNull();
    expect(requests().map((r) => r.path)).not.toContain('/api/v1/cart');
  });
});
