import { createCommerceClient } from '@liveedu/api-client';
import { SHARED_KEYS, useApiMutation } from '@liveedu/query';
import {
  answerRoutes,
  cartOf,
  cartRoutes,
  createTestStore,
  renderWithProviders,
} from '@liveedu/web-test-kit';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CartLink } from './cart-link.tsx';
import { NavBar } from './nav-bar.tsx';

/** A page elsewhere that adds a course to the cart, as the course page does. */
function AddCourse({ courseId }: { courseId: string }) {
  const commerce = createCommerceClient({ baseUrl: '/' });
  const add = useApiMutation(() => commerce.saveCart(['c1', courseId]), { invalidates: [SHARED_KEYS.cart] });
  return (
    <button type="button" onClick={() => add.mutate()}>
      Add {courseId}
    </button>
  );
}

describe('the cart in the header', () => {
  it("shows the cart's count, leads to the cart, and follows a course added elsewhere", async () => {
    answerRoutes(cartRoutes(['c1']));
    renderWithProviders(
      <MemoryRouter>
        <CartLink />
        <AddCourse courseId="c2" />
      </MemoryRouter>,
      createTestStore({ userId: 'u1', role: 'student', token: 't1' }),
    );
    const link = await screen.findByRole('link', { name: 'Cart, 1 course' });
    expect(link.getAttribute('href')).toBe('/cart');
    expect(link.textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Add c2' }));
    expect(await screen.findByRole('link', { name: 'Cart, 2 courses' })).toBeTruthy();
    expect(link.textContent).toBe('2');
  });

  it('shows no count for an empty cart', async () => {
    answerRoutes({ 'GET /api/v1/cart': { body: cartOf([]) } });
    renderWithProviders(
      <MemoryRouter>
        <CartLink />
      </MemoryRouter>,
    );
    const link = await screen.findByRole('link', { name: 'Cart, 0 courses' });
    expect(link.querySelector('.count')).toBeNull();
  });

  it('is in the bar of a signed-in student or tutor, not of a visitor or the admin', async () => {
    answerRoutes({ 'GET /api/v1/cart': { body: cartOf(['c1', 'c2', 'c3']) } });
    const bar = (isLoggedIn: boolean, role: string) =>
      renderWithProviders(
        <MemoryRouter>
          <NavBar isLoggedIn={isLoggedIn} role={role} showTeachLink />
        </MemoryRouter>,
      );
    const student = bar(true, 'student');
    expect(await screen.findByRole('link', { name: 'Cart, 3 courses' })).toBeTruthy();
    student.unmount();
    const tutor = bar(true, 'tutor');
    expect(await screen.findByRole('link', { name: 'Cart, 3 courses' })).toBeTruthy();
    tutor.unmount();
    bar(false, 'student').unmount();
    bar(true, 'admin');
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
  });
});
