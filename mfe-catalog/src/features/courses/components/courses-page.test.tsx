import {
  answer,
  courseCard,
  expectNextPage,
  json,
  renderRoutes,
  requestedPaths,
} from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoursesPage } from './courses-page.tsx';

const renderPage = () => renderRoutes([{ path: '/courses', Component: CoursesPage }], '/courses');

describe('course search', () => {
  it("says 'Nothing to search' for an empty query and sends no search", async () => {
    answer(() => json({ courses: [] }));
    renderPage();
    fireEvent.change(screen.getByLabelText('Search courses'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Nothing to search')).toBeTruthy();
    expect(requestedPaths()).toEqual(['/api/v1/courses']);
  });

  it("shows both result grids, 'No data to show.' when empty, and clears the results", async () => {
    answer(({ path }) =>
      path.includes('/search/')
        ? json({
            courses: [],
            tutor: [{ _id: 't1', username: 'meera', avatar: 'm.png', desc: 'Maths tutor' }],
          })
        : json({ courses: [] }),
    );
    renderPage();
    fireEvent.change(screen.getByLabelText('Search courses'), { target: { value: 'maths' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'Tutors Profiles' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Courses' })).toBeTruthy();
    expect(screen.getByText('No data to show.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /meera/ }).getAttribute('href')).toBe('/viewUser/meera');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search results' }));
    expect(screen.queryByRole('heading', { name: 'Tutors Profiles' })).toBeNull();
  });
});

describe('all courses', () => {
  const card = (n: number) =>
    courseCard({ _id: `c${n}`, title: `Course ${n}`, ratingAverage: 0, ratingCount: 0 });

  it('shows the first page, then the next one on Load more, and stops at the last', async () => {
    answer(({ path }) => {
      const page = Number(new URL(path, 'http://site').searchParams.get('page') ?? '1');
      const items = page === 1 ? [card(1), card(2)] : [card(3)];
      return json({ courses: items, total: 3, page, pages: 2 });
    });
    renderPage();
    expect(await screen.findByText('Course 2')).toBeTruthy();
    expect(screen.getByText('Showing 2 of 3')).toBeTruthy();
    await expectNextPage('Course 3', 'Showing 3 of 3');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requestedPaths()).toEqual(['/api/v1/courses', '/api/v1/courses?page=2']);
  });
});

describe('sorting and filtering all courses', () => {
  const facets = {
    level: { beginner: 3, intermediate: 2, advance: 0, 'all level': 1 },
    rating: { '4': 2, '3': 4 },
    price: { free: 0, under500: 3, '500to1000': 2, over1000: 1 },
  };

  it('shows each choice with its count and asks for the list again, kept in the address', async () => {
    answer(() =>
      json({
        courses: [courseCard({ _id: 'c1', title: 'React basics' })],
        facets,
        total: 1,
        page: 1,
        pages: 1,
      }),
    );
    const { router } = renderPage();
    const intermediate = await screen.findByRole('button', { name: 'Intermediate (2)' });
    // A choice that would leave nothing cannot be taken.
    expect((screen.getByRole('button', { name: 'Advanced (0)' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(intermediate);
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price-asc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Under ₹500 (3)' }));
    await screen.findByRole('button', { name: 'Clear filters' });
    await waitFor(() =>
      expect(requestedPaths().at(-1)).toBe('/api/v1/courses?sort=price-asc&level=intermediate&maxPrice=499'),
    );
    expect(router.state.location.search).toBe('?level=intermediate&sort=price-asc&price=under500');
    expect(screen.getByRole('button', { name: 'Intermediate (2)' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(requestedPaths().at(-1)).toBe('/api/v1/courses?sort=price-asc'));
    expect(router.state.location.search).toBe('?sort=price-asc');
  });

  it('reads the list from a shared address', async () => {
    answer(() => json({ courses: [], facets, total: 0, page: 1, pages: 0 }));
    renderRoutes(
      [{ path: '/courses', Component: CoursesPage }],
      '/courses?sort=rating&rating=4&level=beginner',
    );
    await screen.findByRole('button', { name: '4★ & up (2)' });
    expect(requestedPaths()).toEqual(['/api/v1/courses?sort=rating&level=beginner&minRating=4']);
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('rating');
  });
});
