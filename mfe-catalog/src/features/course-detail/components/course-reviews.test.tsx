import { answer, json, renderRoutes, requestedPaths, requests } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CourseReviews } from './course-reviews.tsx';

const TUTOR = { _id: 't1', username: 'meera' };
const breakdown = { '5': 6, '4': 3, '3': 1, '2': 0, '1': 0 };
const review = (n: number, rating: number, reply?: string) => ({
  _id: `u${n}`,
  rating,
  comment: `Review ${n}`,
  user: { avatar: '', username: `student${n}` },
  createdAt: new Date(Date.UTC(2026, 10, 30 - n)).toISOString(),
  ...(reply ? { reply: { text: reply, at: '2026-11-30T00:00:00.000Z' } } : {}),
});

const renderReviews = (user: { userId: string; role: 'student' | 'tutor' } | null = null) =>
  renderRoutes(
    [
      {
        path: '/viewCouse/:id',
        Component: () => <CourseReviews courseId="c1" average={4.5} tutor={TUTOR} />,
      },
    ],
    '/viewCouse/c1',
    user,
  );

describe("a course's reviews", () => {
  it('shows the average, a bar per number of stars with its share, and the newest reviews with their replies', async () => {
    answer(() =>
      json({
        reviews: [review(1, 5, 'Thanks a lot!'), review(2, 4)],
        breakdown,
        total: 10,
        page: 1,
        pages: 5,
      }),
    );
    renderReviews();
    expect(await screen.findByText('Review 1')).toBeTruthy();
    expect(screen.getByText('4.5')).toBeTruthy();
    expect(screen.getByText('10 ratings')).toBeTruthy();
    const bars = within(screen.getByRole('list', { name: 'Ratings by stars' }));
    expect(bars.getByRole('button', { name: '5 stars 60% of reviews (6)' })).toBeTruthy();
    expect(bars.getByRole('button', { name: '3 stars 10% of reviews (1)' })).toBeTruthy();
    expect(
      (bars.getByRole('button', { name: '2 stars 0% of reviews (0)' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByText('Reply from meera')).toBeTruthy();
    expect(screen.getByText('Thanks a lot!')).toBeTruthy();
    // Only the course's tutor replies.
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('keeps one rating on choosing its bar, and shows more on request', async () => {
    answer(({ path }) => {
      const query = new URL(path, 'http://site').searchParams;
      if (query.get('stars') === '3')
        return json({ reviews: [review(9, 3)], breakdown, total: 1, page: 1, pages: 1 });
      const page = Number(query.get('page') ?? '1');
      return json({
        reviews: page === 1 ? [review(1, 5)] : [review(2, 4)],
        breakdown,
        total: 2,
        page,
        pages: 2,
      });
    });
    renderReviews();
    expect(await screen.findByText('Review 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    expect(await screen.findByText('Review 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^3 stars/ }));
    expect(await screen.findByText('Review 9')).toBeTruthy();
    expect(screen.queryByText('Review 1')).toBeNull();
    expect(screen.getByRole('button', { name: /^3 stars/ }).getAttribute('aria-pressed')).toBe('true');
    expect(requestedPaths()).toEqual([
      '/api/v1/get-course-reviews/c1',
      '/api/v1/get-course-reviews/c1?page=2',
      '/api/v1/get-course-reviews/c1?stars=3',
    ]);
  });

  it('says when a course has no reviews yet', async () => {
    answer(() =>
      json({
        reviews: [],
        breakdown: { '5': 0, '4': 0, '3': 0, '2': 0, '1': 0 },
        total: 0,
        page: 1,
        pages: 0,
      }),
    );
    renderReviews();
    expect(await screen.findByText('No reviews yet.')).toBeTruthy();
  });

  it("lets the course's tutor reply, shows the server's refusal, and reads the reviews again after saving", async () => {
    let replied = '';
    answer(({ method, body }) => {
      if (method === 'PUT') {
        const text = (body as { text: string }).text;
        if (text.length < 3) return json({ message: 'Reply too short for this test' }, 400);
        replied = text;
        return json({ message: 'Reply saved' });
      }
      return json({ reviews: [review(1, 5, replied || undefined)], breakdown, total: 1, page: 1, pages: 1 });
    });
    renderReviews({ userId: 't1', role: 'tutor' });
    expect(await screen.findByText('Review 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    const form = within(screen.getByRole('form', { name: 'Reply to student1' }));
    fireEvent.click(form.getByRole('button', { name: 'Save reply' }));
    expect(await form.findByText('Please write a reply')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Your reply to student1'), { target: { value: 'No' } });
    fireEvent.click(form.getByRole('button', { name: 'Save reply' }));
    expect(await form.findByText('Reply too short for this test')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Your reply to student1'), { target: { value: 'Glad it helped!' } });
    expect(form.getByText('15 / 1000')).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Save reply' }));
    // Saved: the form closes and the reply shows under the review, read again from the server.
    expect(await screen.findByRole('button', { name: 'Edit reply' })).toBeTruthy();
    expect(await screen.findByText('Reply from meera')).toBeTruthy();
    expect(screen.getByText('Glad it helped!')).toBeTruthy();
    const put = requests().filter((r) => r.method === 'PUT');
    expect(put.map((r) => [r.path, r.body])).toEqual([
      ['/api/v1/reviews/c1/u1/reply', { text: 'No' }],
      ['/api/v1/reviews/c1/u1/reply', { text: 'Glad it helped!' }],
    ]);
    await waitFor(() =>
      expect(requestedPaths().filter((p) => p.startsWith('/api/v1/get-course')).length).toBe(2),
    );
  });
});
