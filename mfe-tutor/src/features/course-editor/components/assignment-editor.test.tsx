import type { TutorAssignment, TutorAssignmentBody } from '@liveedu/api-client';
import { answer, createTestStore, json, renderWithProviders, requests } from '@liveedu/web-test-kit';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AssignmentEditor } from './assignment-editor.tsx';

const PATH = '/api/v1/courses/course-1/items/item-3/assignment';
const puts = () => requests().filter((r) => r.method === 'PUT');
const type = (label: string, value: string, scope: HTMLElement) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const checkbox = (label: string, scope: HTMLElement) =>
  within(scope).getByLabelText(label) as HTMLInputElement;

/** One assignment item: 404 until saved, then what was saved; `refuse` answers the next save with it. */
function assignmentServer(start: TutorAssignment | null = null) {
  let assignment = start;
  const next: { refuse?: string } = {};
  answer((request) => {
    if (request.path !== PATH) return json({ message: `Unexpected ${request.path}` }, 599);
    if (request.method === 'PUT') {
      if (next.refuse) {
        const message = next.refuse;
        next.refuse = undefined;
        return json({ message }, 400);
      }
      const body = request.body as TutorAssignmentBody;
      assignment = { courseId: 'course-1', itemId: 'item-3', rubric: '', ...body };
      return json(assignment);
    }
    return assignment ? json(assignment) : json({ message: 'This item has no assignment yet' }, 404);
  });
  return next;
}

function renderEditor() {
  renderWithProviders(
    <AssignmentEditor courseId="course-1" itemId="item-3" title="Essay" />,
    createTestStore({ userId: 'tutor-1', role: 'tutor', token: 'token-1' }),
  );
}

describe('an assignment', () => {
  it('is written with a previewed brief, a rubric and what a hand-in may be', async () => {
    assignmentServer();
    renderEditor();
    const form = await screen.findByRole('form', { name: 'Assignment: Essay' });
    // A new one takes PDFs up to 10 MB and counts towards the certificate.
    expect(checkbox('PDF', form).checked).toBe(true);
    expect(checkbox('ZIP', form).checked).toBe(false);
    expect((within(form).getByLabelText('Largest file (MB, 1–50)') as HTMLInputElement).value).toBe('10');
    expect(checkbox('Required for the certificate', form).checked).toBe(true);

    fireEvent.click(within(form).getByRole('button', { name: 'Save the assignment' }));
    expect(within(form).getByRole('alert').textContent).toBe('An assignment needs a brief');

    type('Brief (Markdown)', 'Write **one** page.\n\n## Hand in\n\nA PDF or a picture.', form);
    const preview = within(form).getByRole('region', { name: 'Preview of the brief' });
    expect(await within(preview).findByRole('heading', { name: 'Hand in' })).toBeTruthy();
    type('Rubric (how it is graded, optional)', 'Clarity, then correctness', form);
    fireEvent.click(checkbox('PNG', form));
    fireEvent.click(checkbox('JPG', form));
    type('Largest file (MB, 1–50)', '60', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Save the assignment' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'The largest file is a whole number of MB from 1 to 50',
    );
    type('Largest file (MB, 1–50)', '5', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Save the assignment' }));

    expect(await within(form).findByText('Assignment saved')).toBeTruthy();
    expect(puts()[0]?.body).toEqual({
      brief: 'Write **one** page.\n\n## Hand in\n\nA PDF or a picture.',
      rubric: 'Clarity, then correctness',
      fileTypes: ['pdf', 'png', 'jpg'],
      maxSizeMb: 5,
      required: true,
    });
  });

  it('takes text only when no file type is ticked', async () => {
    assignmentServer({
      courseId: 'course-1',
      itemId: 'item-3',
      brief: 'Explain closures.',
      rubric: '',
      fileTypes: ['pdf'],
      maxSizeMb: 20,
      required: false,
    });
    renderEditor();
    const form = await screen.findByRole('form', { name: 'Assignment: Essay' });
    expect(within(form).getByLabelText('Brief (Markdown)')).toHaveProperty('value', 'Explain closures.');
    expect(checkbox('Required for the certificate', form).checked).toBe(false);
    fireEvent.click(checkbox('PDF', form));
    expect(within(form).getByText('None chosen: students hand in text only.')).toBeTruthy();
    expect((within(form).getByLabelText('Largest file (MB, 1–50)') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Save the assignment' }));
    await within(form).findByText('Assignment saved');
    expect(puts()[0]?.body).toMatchObject({ fileTypes: [], maxSizeMb: 20, required: false });
  });

  it("shows the server's reason and keeps what was typed", async () => {
    const next = assignmentServer();
    next.refuse = 'An assignment belongs to an assignment item';
    renderEditor();
    const form = await screen.findByRole('form', { name: 'Assignment: Essay' });
    type('Brief (Markdown)', 'Build a to-do list.', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Save the assignment' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'An assignment belongs to an assignment item',
    );
    expect(within(form).getByLabelText('Brief (Markdown)')).toHaveProperty('value', 'Build a to-do list.');
    fireEvent.click(within(form).getByRole('button', { name: 'Save the assignment' }));
    expect(await within(form).findByText('Assignment saved')).toBeTruthy();
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});
