import type { SubmissionGrade, TutorSubmission } from '@liveedu/api-client';
import { answer, expectNextPage, json, requestedPaths, requests, unexpected } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TutorApp from '../../../app/remote-app.tsx';
import { FILTER_COURSES } from '../../../shared/testing/filter-courses.ts';
import { renderPage } from '../../../shared/testing/render-page.tsx';

function handIn(n: number, changes: Partial<TutorSubmission> = {}): TutorSubmission {
  return {
    _id: `s${n}`,
    studentId: `u${n}`,
    studentName: `Student ${n}`,
    courseId: 'c1',
    itemId: 'essay',
    courseTitle: 'Typed JavaScript',
    itemTitle: 'Essay on types',
    status: 'pending',
    text: `My essay, number ${n}.`,
    submittedAt: '2026-11-20T09:30:00.000Z',
    ...changes,
  };
}

/**
 * The learning service's queue over `all`: pending or graded, one course or all, 24 a page; a
 * grade moves a hand-in to graded (`refuse` answers the next grade with that message instead).
 */
function gradingServer(all: TutorSubmission[]) {
  const next: { refuse?: string } = {};
  answer((request) => {
    const url = new URL(`http://x${request.path}`);
    if (url.pathname === '/api/v1/get-tutors-courses') return json(FILTER_COURSES);
    if (url.pathname === '/api/v1/tutor/submissions') {
      const status = url.searchParams.get('status');
      const course = url.searchParams.get('courseId');
      const page = Number(url.searchParams.get('page') ?? 1);
      const kept = all.filter((s) => s.status === status && (!course || s.courseId === course));
      return json({
        submissions: kept.slice((page - 1) * 24, page * 24),
        total: kept.length,
        page,
        pages: Math.max(1, Math.ceil(kept.length / 24)),
      });
    }
    const graded = /^\/api\/v1\/tutor\/submissions\/(\w+)$/.exec(url.pathname);
    if (graded && request.method === 'PUT') {
      if (next.refuse) return json({ message: next.refuse }, 404);
      const at = all.findIndex((s) => s._id === graded[1]);
      const grade = request.body as SubmissionGrade;
      all[at] = { ...all[at]!, ...grade, status: 'graded', gradedAt: '2026-11-21T10:00:00.000Z' };
      return json(all[at]);
    }
    return unexpected(request);
  });
  return next;
}

const openGrading = () => renderPage(<TutorApp page="grading" />, { path: '/profile/grading' });
const card = (name: string) => screen.getByRole('article', { name });

describe('grading', () => {
  it('says there is nothing to grade', async () => {
    gradingServer([]);
    openGrading();
    expect(await screen.findByText('Nothing to grade')).toBeTruthy();
    expect(requestedPaths()).toContain('/api/v1/tutor/submissions?status=pending');
  });

  it('shows each hand-in with its student, course, item, text and file, and a graded one moves to Graded', async () => {
    gradingServer([
      handIn(1, {
        file: {
          name: 'essay.pdf',
          kind: 'pdf',
          size: 2_400_000,
          url: 'https://files.example/signed/essay.pdf?sig=1',
        },
      }),
      handIn(2, { text: '' }),
    ]);
    openGrading();
    await screen.findByRole('article', { name: 'Student 1' });
    const first = card('Student 1');
    expect(within(first).getByText('Typed JavaScript · Essay on types')).toBeTruthy();
    expect(within(first).getByText('My essay, number 1.')).toBeTruthy();
    const file = within(first).getByRole('link', { name: 'essay.pdf (opens in a new tab)' });
    expect(file.getAttribute('href')).toBe('https://files.example/signed/essay.pdf?sig=1');
    expect(file.getAttribute('target')).toBe('_blank');
    expect(file.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(first).getByText(/\(PDF, 2\.4 MB\)/)).toBeTruthy();
    expect(within(card('Student 2')).queryByText('Their text')).toBeNull();

    const form = within(first).getByRole('form', { name: 'Grade Student 1: Essay on types' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the grade' }));
    expect(within(form).getByRole('alert').textContent).toBe('The score is a whole number from 0 to 100');
    fireEvent.change(within(form).getByLabelText('Score (0–100)'), { target: { value: '85' } });
    fireEvent.click(within(form).getByLabelText('Passed'));
    fireEvent.change(within(form).getByLabelText('Feedback'), {
      target: { value: 'Clear and well argued.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the grade' }));

    expect(await screen.findByText("Student 1's hand-in is graded")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Student 1' })).toBeNull());
    expect(card('Student 2')).toBeTruthy();
    const put = requests().find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/v1/tutor/submissions/s1');
    expect(put?.body).toEqual({ score: 85, passed: true, feedback: 'Clear and well argued.' });

    fireEvent.click(screen.getByRole('button', { name: 'Graded' }));
    const graded = await screen.findByRole('article', { name: 'Student 1' });
    expect(within(graded).getByText(/Graded: 85\/100, passed/)).toBeTruthy();
    expect((within(graded).getByLabelText('Score (0–100)') as HTMLInputElement).value).toBe('85');
    expect(within(graded).getByRole('button', { name: 'Change the grade' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Student 2' })).toBeNull();
  });

  it("shows the server's reason beside the form and keeps the grade typed", async () => {
    const next = gradingServer([handIn(1)]);
    next.refuse = 'This course has no such hand-in';
    openGrading();
    const form = await screen.findByRole('form', { name: 'Grade Student 1: Essay on types' });
    fireEvent.change(within(form).getByLabelText('Score (0–100)'), { target: { value: '40' } });
    fireEvent.change(within(form).getByLabelText('Feedback'), { target: { value: 'Too short.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the grade' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('This course has no such hand-in');
    expect((within(form).getByLabelText('Score (0–100)') as HTMLInputElement).value).toBe('40');
    expect((within(form).getByLabelText('Feedback') as HTMLTextAreaElement).value).toBe('Too short.');
    expect(card('Student 1')).toBeTruthy();
  });

  it('keeps to one course when asked, and reads the queue a page at a time', async () => {
    const many = Array.from({ length: 26 }, (_, i) =>
      handIn(i + 1, i === 25 ? { courseId: 'c2', courseTitle: 'Statistics with Python' } : {}),
    );
    gradingServer(many);
    openGrading();
    await screen.findByRole('article', { name: 'Student 1' });
    expect(screen.getByText('Showing 24 of 26')).toBeTruthy();
    await expectNextPage('My essay, number 25.', 'Showing 26 of 26');
    expect(requestedPaths()).toContain('/api/v1/tutor/submissions?status=pending&page=2');

    await screen.findByRole('option', { name: 'Statistics with Python' });
    fireEvent.change(screen.getByLabelText('Course'), { target: { value: 'c2' } });
    expect(await screen.findByRole('article', { name: 'Student 26' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Student 1' })).toBeNull();
    expect(requestedPaths()).toContain('/api/v1/tutor/submissions?status=pending&courseId=c2');
  });
});
