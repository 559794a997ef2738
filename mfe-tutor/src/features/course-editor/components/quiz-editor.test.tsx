import type { TutorQuiz, TutorQuizBody } from '@liveedu/api-client';
import {
  type ApiRequest,
  answer,
  createTestStore,
  json,
  renderWithProviders,
  requests,
  unexpected,
} from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuizEditor } from './quiz-editor.tsx';

const QUIZ_PATH = '/api/v1/courses/course-1/items/item-1/quiz';

const type = (label: string, value: string, scope: HTMLElement) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const question = (n: number) => screen.getByRole('group', { name: `Question ${n}` });
const puts = () => requests().filter((r) => r.method === 'PUT');
const lastSent = () => puts().at(-1)?.body as TutorQuizBody;

let ids = 0;
/** What the server keeps of a quiz it was sent: ids kept or given, right options named by id. */
function stored(body: TutorQuizBody, on: 'quiz' | 'video'): TutorQuiz {
  return {
    courseId: 'course-1',
    itemId: 'item-1',
    on,
    passPercent: body.passPercent,
    maxAttempts: body.maxAttempts,
    required: body.required,
    updatedAt: new Date().toISOString(),
    questions: body.questions.map((q) => {
      const options = (q.options ?? []).map((o) => ({ _id: o._id ?? `o${++ids}`, text: o.text }));
      return {
        _id: q._id ?? `q${++ids}`,
        type: q.type,
        prompt: q.prompt,
        options,
        correct: (q.correct ?? []).map((c) => (/^\d+$/.test(c) ? (options[Number(c)]?._id ?? c) : c)),
        accepted: q.accepted ?? [],
        explanation: q.explanation ?? '',
        ...(q.atSec === undefined ? {} : { atSec: q.atSec }),
      };
    }),
  };
}

/** A quiz service of one item: 404 until a quiz is saved, then the quiz as saved. */
function quizServer(on: 'quiz' | 'video', start: TutorQuiz | null = null) {
  let quiz = start;
  answer((request: ApiRequest) => {
    if (request.path !== QUIZ_PATH) return unexpected(request);
    if (request.method === 'PUT') {
      quiz = stored(request.body as TutorQuizBody, on);
      return json(quiz);
    }
    return quiz ? json(quiz) : json({ message: 'This item has no quiz yet' }, 404);
  });
}

function renderEditor(on: 'quiz' | 'video', title = 'Checkpoint') {
  return renderWithProviders(
    <QuizEditor courseId="course-1" itemId="item-1" on={on} title={title} />,
    createTestStore({ userId: 'tutor-1', role: 'tutor', token: 'token-1' }),
  );
}

describe('the quiz of a quiz item', () => {
  it('starts a quiz not written yet from one question, and saves settings and questions of each type', async () => {
    quizServer('quiz');
    renderEditor('quiz');
    const form = await screen.findByRole('form', { name: 'Quiz: Checkpoint' });
    expect((within(form).getByLabelText('Pass mark (%)') as HTMLInputElement).value).toBe('70');
    expect((within(form).getByLabelText('Unlimited attempts') as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText('Attempts allowed') as HTMLInputElement).disabled).toBe(true);
    expect((within(form).getByLabelText('Required for the certificate') as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getAllByRole('group', { name: /^Question \d$/ })).toHaveLength(1);
    // Nothing on a quiz item is asked at a time of a video.
    expect(screen.queryByLabelText('Asked at (m:ss)')).toBeNull();

    type('Pass mark (%)', '80', form);
    fireEvent.click(within(form).getByLabelText('Unlimited attempts'));
    type('Attempts allowed', '2', form);

    type('Question text', 'What is 2 + 2?', question(1));
    type('Option 1', '4', question(1));
    type('Option 2', '5', question(1));
    fireEvent.click(within(question(1)).getByLabelText('Option 1 is right'));

    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    fireEvent.change(within(question(2)).getByLabelText('Type'), { target: { value: 'short' } });
    expect(within(question(2)).queryByLabelText('Option 1')).toBeNull();
    type('Question text', 'The capital of France?', question(2));
    type('Accepted answers (one a line)', 'Paris\n  paris city \n\n', question(2));
    type(
      'Explanation (shown after answering, optional)',
      'Paris has been the capital since 987.',
      question(2),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    fireEvent.change(within(question(3)).getByLabelText('Type'), { target: { value: 'multiple' } });
    type('Question text', 'Which are prime?', question(3));
    fireEvent.click(within(question(3)).getByRole('button', { name: 'Add an option' }));
    type('Option 1', '2', question(3));
    type('Option 2', '4', question(3));
    type('Option 3', '7', question(3));
    fireEvent.click(within(question(3)).getByLabelText('Option 1 is right'));
    fireEvent.click(within(question(3)).getByLabelText('Option 3 is right'));
    // Reordered: the prime question goes before the short answer.
    fireEvent.click(within(question(3)).getByRole('button', { name: 'Move question 3 up' }));
    expect((within(question(2)).getByLabelText('Question text') as HTMLTextAreaElement).value).toBe(
      'Which are prime?',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Save the quiz' }));
    expect(await screen.findByText('Quiz saved')).toBeTruthy();
    expect(puts()).toHaveLength(1);
    expect(puts()[0]?.headers).toMatchObject({ authorization: 'Bearer token-1', id: 'tutor-1' });
    expect(lastSent()).toEqual({
      passPercent: 80,
      maxAttempts: 2,
      required: true,
      questions: [
        {
          type: 'single',
          prompt: 'What is 2 + 2?',
          explanation: '',
          options: [{ text: '4' }, { text: '5' }],
          correct: ['0'],
        },
        {
          type: 'multiple',
          prompt: 'Which are prime?',
          explanation: '',
          options: [{ text: '2' }, { text: '4' }, { text: '7' }],
          correct: ['0', '2'],
        },
        {
          type: 'short',
          prompt: 'The capital of France?',
          explanation: 'Paris has been the capital since 987.',
          accepted: ['Paris', 'paris city'],
        },
      ],
    });
  });

  it('sends back the ids it got, names a new right option by its place, and keeps one right option in a single choice', async () => {
    quizServer('quiz');
    renderEditor('quiz');
    await screen.findByRole('form', { name: 'Quiz: Checkpoint' });
    type('Question text', 'What is 2 + 2?', question(1));
    type('Option 1', '5', question(1));
    type('Option 2', '4', question(1));
    fireEvent.click(within(question(1)).getByLabelText('Option 2 is right'));
    fireEvent.click(screen.getByRole('button', { name: 'Save the quiz' }));
    await screen.findByText('Quiz saved');

    fireEvent.click(within(question(1)).getByRole('button', { name: 'Add an option' }));
    type('Option 3', 'four', question(1));
    // A radio: marking the new option unmarks the old one.
    fireEvent.click(within(question(1)).getByLabelText('Option 3 is right'));
    expect((within(question(1)).getByLabelText('Option 2 is right') as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByText('Quiz saved')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save the quiz' }));
    await screen.findByText('Quiz saved');
    const sent = lastSent().questions[0];
    expect(sent?._id).toMatch(/^q\d+$/);
    expect(sent?.options?.map((o) => o._id ?? 'new')).toEqual([
      expect.stringMatching(/^o\d+$/),
      expect.stringMatching(/^o\d+$/),
      'new',
    ]);
    expect(sent?.correct).toEqual(['2']);

    // Multiple choice, then single again: only the first right option stays right.
    fireEvent.change(within(question(1)).getByLabelText('Type'), { target: { value: 'multiple' } });
    fireEvent.click(within(question(1)).getByLabelText('Option 1 is right'));
    fireEvent.change(within(question(1)).getByLabelText('Type'), { target: { value: 'single' } });
    expect(
      ['Option 1 is right', 'Option 2 is right', 'Option 3 is right'].map(
        (label) => (within(question(1)).getByLabelText(label) as HTMLInputElement).checked,
      ),
    ).toEqual([true, false, false]);
  });

  it("shows the server's reason beside the button, keeps what was typed, and shows the save under way", async () => {
    let release: (response: Response) => void = () => {};
    answer((request) => {
      if (request.method === 'GET') return json({ message: 'This item has no quiz yet' }, 404);
      return new Promise<Response>((resolve) => {
        release = resolve;
      });
    });
    renderEditor('quiz');
    await screen.findByRole('form', { name: 'Quiz: Checkpoint' });
    type('Question text', 'Name a prime', question(1));
    type('Option 1', '2', question(1));
    type('Option 2', '9', question(1));
    fireEvent.click(screen.getByRole('button', { name: 'Save the quiz' }));
    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect(saving.getAttribute('aria-disabled')).toBe('true');
    // A second press while saving sends nothing more.
    fireEvent.click(saving);
    release(json({ message: 'Mark the right option of every choice question' }, 400));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Mark the right option of every choice question',
    );
    expect(puts()).toHaveLength(1);
    expect((within(question(1)).getByLabelText('Question text') as HTMLTextAreaElement).value).toBe(
      'Name a prime',
    );
    expect((within(question(1)).getByLabelText('Option 2') as HTMLInputElement).value).toBe('9');
    expect(screen.getByRole('button', { name: 'Save the quiz' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('refuses a pass mark or attempts it cannot send, before asking the server', async () => {
    quizServer('quiz');
    renderEditor('quiz');
    const form = await screen.findByRole('form', { name: 'Quiz: Checkpoint' });
    type('Pass mark (%)', '120', form);
    fireEvent.click(screen.getByRole('button', { name: 'Save the quiz' }));
    expect(screen.getByRole('alert').textContent).toBe('The pass mark is a whole percentage from 1 to 100');
    type('Pass mark (%)', '60', form);
    fireEvent.click(within(form).getByLabelText('Unlimited attempts'));
    type('Attempts allowed', '11', form);
    fireEvent.click(screen.getByRole('button', { name: 'Save the quiz' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Attempts allowed is a whole number from 1 to 10, or unlimited',
    );
    expect(puts()).toHaveLength(0);
  });
});

describe('questions in a video', () => {
  const existing: TutorQuiz = {
    courseId: 'course-1',
    itemId: 'item-1',
    on: 'video',
    passPercent: 50,
    maxAttempts: null,
    required: false,
    updatedAt: '2026-11-01T10:00:00.000Z',
    questions: [
      {
        _id: 'qa',
        type: 'single',
        prompt: 'What did the chart show?',
        options: [
          { _id: 'oa', text: 'Growth' },
          { _id: 'ob', text: 'Decline' },
        ],
        correct: ['oa'],
        accepted: [],
        explanation: 'It went up.',
        atSec: 90,
      },
    ],
  };

  it('shows each question at its time as m:ss and sends the time in seconds, ids kept', async () => {
    quizServer('video', existing);
    renderEditor('video', 'Means');
    const form = await screen.findByRole('form', { name: 'Questions in the video: Means' });
    expect((within(form).getByLabelText('Required for the certificate') as HTMLInputElement).checked).toBe(
      false,
    );
    expect((within(question(1)).getByLabelText('Asked at (m:ss)') as HTMLInputElement).value).toBe('1:30');
    expect((within(question(1)).getByLabelText('Option 1 is right') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    fireEvent.change(within(question(2)).getByLabelText('Type'), { target: { value: 'short' } });
    type('Question text', 'Which year?', question(2));
    type('Accepted answers (one a line)', '2024', question(2));
    type('Asked at (m:ss)', '125', question(2));
    fireEvent.click(screen.getByRole('button', { name: 'Save the questions' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Question 2: write when it is asked as m:ss, e.g. 1:30',
    );
    expect(puts()).toHaveLength(0);

    type('Asked at (m:ss)', '2:05', question(2));
    fireEvent.click(screen.getByRole('button', { name: 'Save the questions' }));
    expect(await screen.findByText('Questions saved')).toBeTruthy();
    expect(lastSent()).toEqual({
      passPercent: 50,
      maxAttempts: null,
      required: false,
      questions: [
        {
          _id: 'qa',
          type: 'single',
          prompt: 'What did the chart show?',
          explanation: 'It went up.',
          atSec: 90,
          options: [
            { _id: 'oa', text: 'Growth' },
            { _id: 'ob', text: 'Decline' },
          ],
          correct: ['oa'],
        },
        { type: 'short', prompt: 'Which year?', explanation: '', atSec: 125, accepted: ['2024'] },
      ],
    });
    // The saved question now has the id the server gave it.
    await waitFor(() =>
      expect((within(question(2)).getByLabelText('Asked at (m:ss)') as HTMLInputElement).value).toBe('2:05'),
    );
  });

  it('removes a question, but never the last one', async () => {
    quizServer('video', existing);
    renderEditor('video', 'Means');
    await screen.findByRole('form', { name: 'Questions in the video: Means' });
    expect(
      (within(question(1)).getByRole('button', { name: 'Remove question 1' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    fireEvent.click(within(question(1)).getByRole('button', { name: 'Remove question 1' }));
    expect(screen.getAllByRole('group', { name: /^Question \d$/ })).toHaveLength(1);
    expect((within(question(1)).getByLabelText('Question text') as HTMLTextAreaElement).value).toBe('');
  });
});
