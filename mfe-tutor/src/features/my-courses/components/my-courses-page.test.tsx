import { answerRoutes, courseCard, requests } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TutorApp from '../../../app/remote-app.tsx';
import { renderPage } from '../../../shared/testing/render-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const course = (id: string, title: string) =>
  courseCard({ _id: id, title, price: 2499, difficulity: 'advance', category: 'Web Development' });

describe('my courses', () => {
  it('shows each course cut to 20 characters with its level, price, Update and Delete, and the Add Course tile', async () => {
    answerRoutes({
      'GET /api/v1/get-tutors-courses': {
        body: { createdCourses: [course('a1', 'Advanced React patterns in practice')] },
      },
    });
    renderPage(<TutorApp page="my-courses" />, { path: '/profile/my' });
    const card = await screen.findByTestId('course-card');
    expect(within(card).getByRole('link', { name: 'Advanced React patte' }).getAttribute('href')).toBe(
      '/viewCouse/a1',
    );
    expect(within(card).getByText('advance')).toBeTruthy();
    expect(within(card).getByText('₹2,499.00')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Update' }).getAttribute('href')).toBe(
      '/update-a-course/a1',
    );
    expect(screen.getByRole('link', { name: /Add Course/ }).getAttribute('href')).toBe(
      '/create-a-new-course',
    );
  });

  it('deletes a course only after the confirm dialog, sending its category', async () => {
    let courses = [course('a1', 'First course'), course('b2', 'Second course')];
    answerRoutes({
      'GET /api/v1/get-tutors-courses': () => ({ body: { createdCourses: courses } }),
      'DELETE /api/v1/delete-course/b2': () => {
        courses = courses.filter((c) => c._id !== 'b2');
        return { body: { message: 'Course deleted successfully' } };
      },
    });
    renderPage(<TutorApp page="my-courses" />, { path: '/profile/my' });
    await screen.findByText('Second course');
    const second = screen.getAllByTestId('course-card')[1]!;
    fireEvent.click(within(second).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure ? You want to delete this course ?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests().some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(second).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.queryByText('Second course')).toBeNull());
    expect(screen.getByText('First course')).toBeTruthy();
    const call = requests().find((r) => r.method === 'DELETE');
    expect(call?.headers.catid).toBe('Web Development');
  });

  it('offers a retry when the courses cannot be loaded', async () => {
    answerRoutes({
      'GET /api/v1/get-tutors-courses': { status: 500, body: { message: 'Something went wrong' } },
    });
    renderPage(<TutorApp page="my-courses" />, { path: '/profile/my' });
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
