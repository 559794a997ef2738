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
