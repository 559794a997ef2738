import {
  answer,
  courseCard,
  expectNextPage,
  json,
  renderRoutes,
  requestedPaths,
} from '@liveedu/web-test-kit';
import { fireEvent, screen } from '@testing-library/react';
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
