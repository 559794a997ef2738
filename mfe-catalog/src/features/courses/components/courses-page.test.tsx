import { createSessionStore } from '@liveedu/session';
import { Toaster } from '@liveedu/ui';
import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CoursesPage } from './courses-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

function renderPage() {
  const router = createMemoryRouter([{ path: '/courses', Component: CoursesPage }], {
    initialEntries: ['/courses'],
  });
  render(
    <Provider store={createSessionStore('/')}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('course search', () => {
  it("says 'Nothing to search' for an empty query and sends no search", async () => {
    fetchMock.mockResolvedValue(json({ courses: [] }));
    renderPage();
    fireEvent.change(screen.getByLabelText('Search courses'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Nothing to search')).toBeTruthy();
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['/api/v1/courses']);
  });

  it("shows both result grids, 'No data to show.' when empty, and clears the results", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/search/')
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
  const card = (n: number) => ({
    _id: `c${n}`,
    title: `Course ${n}`,
    thumbnail: `c${n}.png`,
    price: 499,
    difficulity: 'beginner',
    category: 'Design',
    reviews: [],
    ratingAverage: 0,
    ratingCount: 0,
    courseCreatedBy: { _id: 't', username: 'meera' },
  });

  it('shows the first page, then the next one on Load more, and stops at the last', async () => {
    fetchMock.mockImplementation(async (url) => {
      const page = Number(new URL(String(url), 'http://site').searchParams.get('page') ?? '1');
      const items = page === 1 ? [card(1), card(2)] : [card(3)];
      return json({ courses: items, total: 3, page, pages: 2 });
    });
    renderPage();
    expect(await screen.findByText('Course 2')).toBeTruthy();
    expect(screen.getByText('Showing 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Course 3')).toBeTruthy();
    expect(screen.getByText('Showing 3 of 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual([
      '/api/v1/courses',
      '/api/v1/courses?page=2',
    ]);
  });
});
