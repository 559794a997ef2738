import type { Submission } from '@liveedu/api-client';
import { requests } from '@liveedu/web-test-kit';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mixedCourse, resumeAt } from '../testing/course.ts';
import { renderPlayer, servePlayer } from '../testing/player-server.tsx';

const assignment = {
  courseId: 'c1',
  itemId: 's1',
  brief: 'Build a page.\n\n- a **heading**\n- a list',
  rubric: '',
  fileTypes: ['pdf', 'zip'] as ('pdf' | 'zip')[],
  maxSizeMb: 1,
  required: true,
};

const graded: Submission = {
  _id: 'old',
  studentId: 'u1',
  studentName: 'student',
  courseId: 'c1',
  itemId: 's1',
  courseTitle: 'Learning by doing',
  itemTitle: 'Build it',
  status: 'graded',
  text: 'My first go',
  file: { name: 'first.pdf', kind: 'pdf', size: 2048, url: 'https://files.example/first.pdf?sig=1' },
  score: 40,
  passed: false,
  feedback: 'Add the list.',
  submittedAt: '2026-11-20T10:00:00.000Z',
  gradedAt: '2026-11-21T10:00:00.000Z',
};

const pdf = (bytes: number, name = 'work.pdf') =>
  new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

describe('an assignment item', () => {
  it('shows the brief and what a hand-in may be, hands in a file with text, and lists the hand-ins with grades', async () => {
    const server = servePlayer({
      course: mixedCourse(),
      progress: resumeAt('s1'),
      assignments: { s1: assignment },
      submissions: [graded],
    });
    renderPlayer();
    const view = within(await screen.findByRole('region', { name: 'Build it' }));
    expect((await view.findByText('heading')).tagName).toBe('STRONG');
    expect(view.getByText('PDF or ZIP, up to 1 MB')).toBeTruthy();
    const input = view.getByLabelText('File') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('.pdf,application/pdf,.zip,application/zip');

    const handIns = within(await view.findByRole('region', { name: 'Your hand-ins' }));
    const old = handIns.getByRole('listitem');
    expect(old.textContent).toContain('Graded');
    expect(old.textContent).toContain('Score: 40/100');
    expect(old.textContent).toContain('Not passed');
    expect(old.textContent).toContain('Feedback: Add the list.');
    expect(within(old).getByRole('link', { name: 'first.pdf' }).getAttribute('href')).toBe(
      'https://files.example/first.pdf?sig=1',
    );

    // Nothing, then a file too large and one of another kind, are refused here first.
    fireEvent.click(view.getByRole('button', { name: 'Hand in' }));
    expect((await view.findByRole('alert')).textContent).toBe('Hand in a file or some text');
    fireEvent.change(input, { target: { files: [pdf(2 * 1024 * 1024)] } });
    fireEvent.click(view.getByRole('button', { name: 'Hand in' }));
    expect((await view.findByRole('alert')).textContent).toBe('The file is larger than 1 MB');
    fireEvent.change(input, { target: { files: [pdf(10, 'work.docx')] } });
    fireEvent.click(view.getByRole('button', { name: 'Hand in' }));
    expect((await view.findByRole('alert')).textContent).toBe('This assignment takes PDF or ZIP, up to 1 MB');
    expect(requests().some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(input, { target: { files: [pdf(1000)] } });
    fireEvent.change(view.getByLabelText('Text (optional with a file)'), { target: { value: 'Second go' } });
    fireEvent.click(view.getByRole('button', { name: 'Hand in' }));
    expect(await screen.findByText('Your work was handed in')).toBeTruthy();
    const post = requests().find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/v1/assignments/c1/s1/submissions');
    expect(post?.headers.authorization).toBe('Bearer t1');
    const form = post?.body as FormData;
    expect((form.get('file') as File).name).toBe('work.pdf');
    expect(form.get('text')).toBe('Second go');
    expect(server.submissions).toHaveLength(2);

    await view.findByText('Pending');
    const rows = handIns.getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Second go');
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'work.pdf' })).toBeTruthy();
  });

  it('takes text only when the assignment allows no file', async () => {
    servePlayer({
      course: mixedCourse(),
      progress: resumeAt('s1'),
      assignments: { s1: { ...assignment, fileTypes: [] } },
    });
    renderPlayer();
    const view = within(await screen.findByRole('region', { name: 'Build it' }));
    expect(await view.findByText('This assignment takes text only.')).toBeTruthy();
    expect(view.queryByLabelText('File')).toBeNull();
    expect(await view.findByText('Nothing handed in yet.')).toBeTruthy();
    fireEvent.change(view.getByLabelText('Your answer'), { target: { value: 'All in words' } });
    fireEvent.click(view.getByRole('button', { name: 'Hand in' }));
    await view.findByText('All in words');
    const form = requests().find((r) => r.method === 'POST')?.body as FormData | undefined;
    expect(form?.get('text')).toBe('All in words');
    expect(form?.get('file')).toBeNull();
  });
});
