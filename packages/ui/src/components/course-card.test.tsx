import { answer, courseCard, json, renderRoutes, requestedPaths } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CourseCard } from './course-card.tsx';

const course = courseCard({ _id: 'c1', title: 'Statistics with Python' });

describe('CourseCard', () => {
  it("starts reading the course's details when the pointer rests on it, once while they are fresh", async () => {
    answer(() => json({ ...course, courseContent: [] }));
    renderRoutes([{ path: '/', element: <CourseCard course={course} /> }], '/');
    const card = screen.getByTestId('course-card');
    expect(requestedPaths()).toEqual([]);
    fireEvent.pointerEnter(card);
    await waitFor(() => expect(requestedPaths()).toEqual(['/api/v1/get-course-details/c1']));
    fireEvent.pointerEnter(card);
    fireEvent.focus(card);
    await new Promise((r) => setTimeout(r, 50));
    expect(requestedPaths()).toEqual(['/api/v1/get-course-details/c1']);
  });

  it('says Free for a course priced 0, where a paid one shows its price in rupees', () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <CourseCard course={courseCard({ _id: 'f1', title: 'Open Maths', price: 0 })} />
              <CourseCard course={courseCard({ _id: 'p1', title: 'Paid Maths', price: 1499 })} />
            </>
          ),
        },
      ],
      '/',
    );
    const [free, paid] = screen.getAllByTestId('course-card');
    expect(within(free!).getByText('Free')).toBeTruthy();
    expect(within(free!).queryByText(/₹/)).toBeNull();
    expect(within(paid!).getByText('₹1,499.00')).toBeTruthy();
    expect(within(paid!).queryByText('Free')).toBeNull();
  });

  it('offers Enroll for free on a free course and Buy course on a paid one, each handing over its course', () => {
    const onBuy = vi.fn();
    const free = courseCard({ _id: 'f1', title: 'Open Maths', price: 0 });
    const paid = courseCard({ _id: 'p1', title: 'Paid Maths', price: 499 });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <CourseCard course={free} onBuy={onBuy} />
              <CourseCard course={paid} onBuy={onBuy} />
            </>
          ),
        },
      ],
      '/',
    );
    const [freeCard, paidCard] = screen.getAllByTestId('course-card');
    fireEvent.click(within(freeCard!).getByRole('button', { name: 'Enroll for free' }));
    expect(within(freeCard!).queryByRole('button', { name: 'Buy course' })).toBeNull();
    fireEvent.click(within(paidCard!).getByRole('button', { name: 'Buy course' }));
    expect(within(paidCard!).queryByRole('button', { name: 'Enroll for free' })).toBeNull();
    expect(onBuy.mock.calls).toEqual([[free], [paid]]);
  });

  it("fetches a first-row card's picture at once and leaves the others for when they are scrolled to", () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <CourseCard course={course} priority />
              <CourseCard course={{ ...course, _id: 'c2', title: 'Later course' }} />
            </>
          ),
        },
      ],
      '/',
    );
    const first = screen.getByAltText('Thumbnail of Statistics with Python');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(first.getAttribute('loading')).toBe('eager');
    expect(screen.getByAltText('Thumbnail of Later course').getAttribute('loading')).toBe('lazy');
  });
});
