import { answerRoutes, requests } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { courseDetails, noReviews, STUDENT } from '../testing/course-details.ts';
import { renderCoursePage } from '../testing/render-course-page.tsx';

function Player() {
  const { courseId, userId } = useParams();
  return <h1>{`Player of ${courseId} for ${userId}`}</h1>;
}

const renderPage = (user: typeof STUDENT | null) =>
  renderCoursePage(user, [
    { path: '/learn/:courseId/user/:userId', Component: Player },
    { path: '/login', element: <h1>Log in</h1> },
  ]);

/** The value beside a term of the course's facts (Price, Students enrolled…). */
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

const enrollFreeCalls = () => requests().filter((r) => r.path === '/api/v1/enroll-free/c1');

describe('a free course page', () => {
  it('says Free instead of ₹0 and offers Enroll for free', async () => {
    answerRoutes({
      'GET /api/v1/get-course-details/c1': { body: courseDetails() },
      'GET /api/v1/get-course-reviews/c1': noReviews,
    });
    renderPage(null);
    expect(await screen.findByRole('heading', { name: 'Open Maths' })).toBeTruthy();
    expect(fact('Price')).toBe('Free');
    expect(screen.queryByText(/₹/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Enroll for free' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enroll Now' })).toBeNull();
  });

  it('enrolls a signed-in student without a payment window and opens the course player', async () => {
    let enrolled = false;
    answerRoutes({
      'GET /api/v1/get-course-details/c1': () => ({
        body: courseDetails(enrolled ? { studentsEnrolled: ['u1'], enrolledCount: 4 } : {}),
      }),
      'GET /api/v1/get-course-reviews/c1': noReviews,
      'POST /api/v1/enroll-free/c1': () => {
        enrolled = true;
        return { status: 201, body: { message: 'You are enrolled in this course', courseId: 'c1' } };
      },
    });
    renderPage(STUDENT);
    fireEvent.click(await screen.findByRole('button', { name: 'Enroll for free' }));
    expect(await screen.findByRole('heading', { name: 'Player of c1 for u1' })).toBeTruthy();
    expect(await screen.findByText('You are enrolled in this course')).toBeTruthy();
    const [call, ...more] = enrollFreeCalls();
    expect(more).toEqual([]);
    expect(call).toMatchObject({ method: 'POST', body: null });
    expect(call?.headers).toMatchObject({ authorization: 'Bearer student-token', id: 'u1' });
    // No checkout, no provider keys: nothing of a purchase was asked.
    expect(requests().map((r) => r.path)).not.toContain('/api/v1/checkout');
    expect(requests().map((r) => r.path)).not.toContain('/api/v1/get-api-keys');
  });

  it('sends a visitor to log in, as the buy button does, and enrolls nobody', async () => {
    answerRoutes({
      'GET /api/v1/get-course-details/c1': { body: courseDetails() },
      'GET /api/v1/get-course-reviews/c1': noReviews,
    });
    renderPage(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Enroll for free' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(enrollFreeCalls()).toEqual([]);
  });

  it('opens the player of a course the student turns out to have already, saying so', async () => {
    answerRoutes({
      'GET /api/v1/get-course-details/c1': { body: courseDetails() },
      'GET /api/v1/get-course-reviews/c1': noReviews,
      'POST /api/v1/enroll-free/c1': {
        status: 409,
        body: { message: 'You are already enrolled in this course' },
      },
    });
    renderPage(STUDENT);
    fireEvent.click(await screen.findByRole('button', { name: 'Enroll for free' }));
    expect(await screen.findByRole('heading', { name: 'Player of c1 for u1' })).toBeTruthy();
    expect(await screen.findByText('You are already enrolled in this course')).toBeTruthy();
  });

  it('stays on the page with the reason when the course is not free after all', async () => {
    answerRoutes({
      'GET /api/v1/get-course-details/c1': { body: courseDetails() },
      'GET /api/v1/get-course-reviews/c1': noReviews,
      'POST /api/v1/enroll-free/c1': { status: 400, body: { message: 'This course is not free' } },
    });
    renderPage(STUDENT);
    fireEvent.click(await screen.findByRole('button', { name: 'Enroll for free' }));
    expect(await screen.findByText('This course is not free')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Open Maths' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Enroll for free' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('shows Start Learning, not the enroll button, to an enrolled student', async () => {
    answerRoutes({
      'GET /api/v1/get-course-details/c1': { body: courseDetails({ studentsEnrolled: ['u1'] }) },
      'GET /api/v1/get-course-reviews/c1': noReviews,
    });
    renderPage(STUDENT);
    const start = await screen.findByRole('link', { name: 'Start Learning' });
    expect(start.getAttribute('href')).toBe('/learn/c1/user/u1');
    expect(screen.queryByRole('button', { name: 'Enroll for free' })).toBeNull();
  });
});

describe('a paid course page', () => {
  it('shows its price in rupees and Enroll Now', async () => {
    answerRoutes({
      'GET /api/v1/get-course-details/c1': { body: courseDetails({ price: 499 }) },
      'GET /api/v1/get-course-reviews/c1': noReviews,
    });
    renderPage(null);
    expect(await screen.findByRole('heading', { name: 'Open Maths' })).toBeTruthy();
    expect(fact('Price')).toBe('₹499.00');
    const facts = within(screen.getByText('Price', { selector: 'dt' }).parentElement as HTMLElement);
    expect(facts.queryByText('Free')).toBeNull();
    expect(screen.getByRole('button', { name: 'Enroll Now' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enroll for free' })).toBeNull();
  });
});

describe("a course page's live badge", () => {
  it('shows Live now with Join once the page has loaded, while a live class is on', async () => {
    answerRoutes({
      'GET /api/v1/get-course-details/c1': { body: courseDetails() },
      'GET /api/v1/get-course-reviews/c1': noReviews,
      'GET /api/v1/courses/c1/live-status': { body: { live: true, sessionId: 's1', nextStartsAt: null } },
    });
    renderPage(null);
    expect(await screen.findByText('Live now')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('/live/s1');
  });

  it('shows no badge when the course has no live class coming', async () => {
    answerRoutes({
      'GET /api/v1/get-course-details/c1': { body: courseDetails() },
      'GET /api/v1/get-course-reviews/c1': noReviews,
      'GET /api/v1/courses/c1/live-status': { body: { live: false, sessionId: null, nextStartsAt: null } },
    });
    renderPage(null);
    expect(await screen.findByRole('heading', { name: 'Open Maths' })).toBeTruthy();
    await waitFor(() => expect(requests().map((r) => r.path)).toContain('/api/v1/courses/c1/live-status'));
    expect(screen.queryByText('Live now')).toBeNull();
    expect(screen.queryByText(/Next live class/)).toBeNull();
  });
});
