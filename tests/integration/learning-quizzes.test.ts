import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articleItem,
  courseWithItems,
  enrolledStudent,
  newTutor,
  quizItem,
  videoItem,
} from '../support/flows.ts';
import { learningStack } from '../support/platform.ts';
import { eventually, type Session, type TestStack } from '../support/stack.ts';

interface TutorQuiz {
  questions: Array<{ _id: string; options: Array<{ _id: string; text: string }>; correct: string[] }>;
}
interface LearnerQuiz {
  questions: Array<{ _id: string; type: string; options: Array<{ _id: string; text: string }> }>;
  mine: { attempts: number; attemptsLeft: number | null; passed: boolean; bestScorePercent: number | null };
}
interface Attempt {
  attempt: number;
  scorePercent: number;
  passed: boolean;
  attemptsLeft: number | null;
  results: Array<{ questionId: string; correct: boolean; explanation: string }>;
}
interface Progress {
  items: Array<{ itemId: string; completed: boolean }>;
}

let stack: TestStack;
let tutor: Session;

const QUIZ = {
  passPercent: 100,
  maxAttempts: 3,
  required: true,
  questions: [
    {
      type: 'single',
      prompt: 'Which planet is largest?',
      options: [{ text: 'Mars' }, { text: 'Jupiter' }, { text: 'Venus' }],
      correct: ['1'],
      explanation: 'Jupiter holds more than twice the mass of the others together.',
    },
    { type: 'short', prompt: 'The capital of France?', accepted: ['Paris'], explanation: 'Paris since 987.' },
  ],
};

const putQuiz = (as: Session, courseId: string, itemId: string, body: unknown) =>
  stack.call<TutorQuiz>('PUT', `/api/v1/courses/${courseId}/items/${itemId}/quiz`, { as, body });
const readQuiz = (as: Session | undefined, courseId: string, itemId: string) =>
  stack.call<LearnerQuiz>('GET', `/api/v1/quiz/${courseId}/${itemId}`, as ? { as } : {});
const attempt = (as: Session, courseId: string, itemId: string, answers: unknown[]) =>
  stack.call<Attempt>('POST', `/api/v1/quiz/${courseId}/${itemId}/attempts`, { as, body: { answers } });

/** Answers to QUIZ: the first question right or wrong, and the short one as given. */
function answersTo(quiz: TutorQuiz, firstRight: boolean, text = ' paris ') {
  const [choice, short] = quiz.questions as [TutorQuiz['questions'][0], TutorQuiz['questions'][0]];
  const pick = firstRight
    ? choice.correct[0]
    : choice.options.find((o) => !choice.correct.includes(o._id))?._id;
  return [
    { questionId: choice._id, optionIds: [pick] },
    { questionId: short._id, text },
  ];
}

const figuresOf = (courseId: string, itemId: string) =>
  `/api/v1/courses/${courseId}/items/${itemId}/quiz/figures`;

async function itemCompleted(student: Session, courseId: string, itemId: string) {
  const progress = await stack.call<Progress>('GET', `/api/v1/progress/${courseId}`, { as: student });
  return progress.body.items.find((item) => item.itemId === itemId)?.completed ?? false;
}

beforeAll(async () => {
  ({ stack, tutor } = await learningStack());
}, 60_000);

afterAll(() => stack?.close());

describe('quizzes', () => {
  it("keeps the right answers on the server until an attempt, and lets only the course's tutor write them", async () => {
    const { courseId, itemIds } = await courseWithItems(stack, tutor, [
      videoItem('Planets'),
      quizItem('Check'),
    ]);
    const [video, quiz] = itemIds as [string, string];
    const saved = await putQuiz(tutor, courseId, quiz, QUIZ);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.questions[0]?.correct).toEqual([saved.body.questions[0]?.options[1]?._id]);

    const student = await enrolledStudent(stack, tutor, courseId);
    const seen = await readQuiz(student, courseId, quiz);
    expect(seen.status).toBe(200);
    const text = JSON.stringify(seen.body);
    for (const secret of ['correct', 'accepted', 'explanation', 'Paris', 'twice the mass']) {
      expect(text).not.toContain(secret);
    }
    expect(seen.body.mine).toEqual({ attempts: 0, attemptsLeft: 3, passed: false, bestScorePercent: null });

    // A visitor, a stranger, another tutor, a student: none reads or writes what is not theirs.
    expect((await readQuiz(undefined, courseId, quiz)).status).toBe(401);
    const stranger = await stack.newUser('stranger');
    expect((await readQuiz(stranger, courseId, quiz)).status).toBe(403);
    const otherTutor = await newTutor(stack, 'other');
    expect((await putQuiz(otherTutor, courseId, quiz, QUIZ)).status).toBe(403);
    expect(
      (await stack.call('GET', `/api/v1/courses/${courseId}/items/${quiz}/quiz`, { as: otherTutor })).status,
    ).toBe(403);
    expect((await putQuiz(student, courseId, quiz, QUIZ)).status).toBe(403);
    // Questions on a video say when they are asked.
    const untimed = await putQuiz(tutor, courseId, video, QUIZ);
    expect(untimed.status).toBe(400);
    expect(untimed.body).toHaveProperty('message');
    const bad = await putQuiz(tutor, courseId, quiz, {
      ...QUIZ,
      questions: [{ ...QUIZ.questions[0], correct: [] }],
    });
    expect(bad.status).toBe(400);
  });

  it('grades on the server, counts attempts to the limit, and completes the item on a pass', async () => {
    const { courseId, itemIds } = await courseWithItems(stack, tutor, [
      videoItem('Planets'),
      quizItem('Check'),
    ]);
    const quiz = itemIds[1] as string;
    const saved = (await putQuiz(tutor, courseId, quiz, QUIZ)).body;
    const student = await enrolledStudent(stack, tutor, courseId);

    const failed = await attempt(student, courseId, quiz, answersTo(saved, false));
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    expect(failed.body).toMatchObject({ attempt: 1, scorePercent: 50, passed: false, attemptsLeft: 2 });
    expect(failed.body.results.map((r) => r.correct)).toEqual([false, true]);
    expect(failed.body.results[0]?.explanation).toContain('twice the mass');
    expect(await itemCompleted(student, courseId, quiz)).toBe(false);

    const passed = await attempt(student, courseId, quiz, answersTo(saved, true, 'PARÍS'));
    expect(passed.body).toMatchObject({ attempt: 2, scorePercent: 100, passed: true, attemptsLeft: 1 });
    await eventually(async () => ((await itemCompleted(student, courseId, quiz)) ? true : undefined));

    await attempt(student, courseId, quiz, answersTo(saved, false));
    const over = await attempt(student, courseId, quiz, answersTo(saved, true));
    expect(over.status).toBe(409);
    expect(over.body).toEqual({ message: 'You have used every attempt at this quiz' });
    expect((await readQuiz(student, courseId, quiz)).body.mine).toEqual({
      attempts: 3,
      attemptsLeft: 0,
      passed: true,
      bestScorePercent: 100,
    });
    // An answer to a question the quiz does not have is refused, not graded.
    const unknown = await attempt(student, courseId, quiz, [{ questionId: 'a'.repeat(24), text: 'x' }]);
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Unknown question in your answers' } });
  });

  it('passes an item once when two passing attempts arrive at once, and issues one certificate', async () => {
    const { courseId, itemIds } = await courseWithItems(stack, tutor, [
      articleItem('Read me'),
      quizItem('Check'),
    ]);
    const [reading, quiz] = itemIds as [string, string];
    const saved = (await putQuiz(tutor, courseId, quiz, { ...QUIZ, maxAttempts: null })).body;
    const student = await enrolledStudent(stack, tutor, courseId);
    const read = await stack.call('PUT', `/api/v1/progress/${courseId}/${reading}`, {
      as: student,
      body: { completed: true },
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const both = await Promise.all([
      attempt(student, courseId, quiz, answersTo(saved, true)),
      attempt(student, courseId, quiz, answersTo(saved, true)),
    ]);
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    expect(both.map((a) => a.body.attempt).sort()).toEqual([1, 2]);
    const passes = stack.services.learning!.app.db.collection('passes');
    expect(await passes.countDocuments({ studentId: student._id, courseId })).toBe(1);
    const certificates = await eventually(async () => {
      const list = await stack.call<Array<{ courseId: string }>>('GET', '/api/v1/certificates', {
        as: student,
      });
      const mine = list.body.filter((c) => c.courseId === courseId);
      return mine.length > 0 ? mine : undefined;
    });
    // Any second completion would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = await stack.call<Array<{ courseId: string }>>('GET', '/api/v1/certificates', {
      as: student,
    });
    expect(certificates).toHaveLength(1);
    expect(again.body.filter((c) => c.courseId === courseId)).toHaveLength(1);
  });

  it('keeps the quiz of a sequential course locked until the item before it is completed', async () => {
    const { courseId, itemIds } = await courseWithItems(
      stack,
      tutor,
      [articleItem('First read this'), quizItem('Then this')],
      {
        sequential: true,
      },
    );
    const [reading, quiz] = itemIds as [string, string];
    const saved = (await putQuiz(tutor, courseId, quiz, QUIZ)).body;
    const student = await enrolledStudent(stack, tutor, courseId);
    const locked = await readQuiz(student, courseId, quiz);
    expect(locked).toMatchObject({ status: 403, body: { message: 'Finish the previous item first' } });
    expect((await attempt(student, courseId, quiz, answersTo(saved, true))).status).toBe(403);
    // Its tutor is never locked out.
    expect((await readQuiz(tutor, courseId, quiz)).status).toBe(200);
    await stack.call('PUT', `/api/v1/progress/${courseId}/${reading}`, {
      as: student,
      body: { completed: true },
    });
    expect((await readQuiz(student, courseId, quiz)).status).toBe(200);
  });

  it('shows the tutor, per question, the share answering rightly and the wrong option most chosen', async () => {
    const { courseId, itemIds } = await courseWithItems(stack, tutor, [quizItem('Check')]);
    const quiz = itemIds[0] as string;
    const saved = (await putQuiz(tutor, courseId, quiz, { ...QUIZ, maxAttempts: null })).body;
    const [first, second] = [
      await enrolledStudent(stack, tutor, courseId, 'one'),
      await enrolledStudent(stack, tutor, courseId, 'two'),
    ];
    await attempt(first, courseId, quiz, answersTo(saved, false));
    await attempt(second, courseId, quiz, answersTo(saved, false, 'Lyon'));
    await attempt(second, courseId, quiz, answersTo(saved, true));
    const wrong = saved.questions[0]?.options.find((o) => !saved.questions[0]?.correct.includes(o._id));
    const figures = await eventually(async () => {
      const answer = await stack.call<{ attempts: number; questions: unknown[] }>(
        'GET',
        figuresOf(courseId, quiz),
        {
          as: tutor,
        },
      );
      return answer.body.attempts === 3 ? answer.body : undefined;
    });
    expect(figures).toMatchObject({
      itemId: quiz,
      attempts: 3,
      passRatePercent: 33,
      averageScorePercent: 50,
    });
    expect(figures.questions).toEqual([
      expect.objectContaining({
        answered: 3,
        correctPercent: 33,
        mostChosenWrong: { optionId: wrong?._id, text: wrong?.text, count: 2 },
      }),
      expect.objectContaining({ answered: 3, correctPercent: 67, mostChosenWrong: null }),
    ]);
    expect((await stack.call('GET', figuresOf(courseId, quiz), { as: first })).status).toBe(403);
    const rival = await newTutor(stack, 'rival');
    expect((await stack.call('GET', figuresOf(courseId, quiz), { as: rival })).status).toBe(403);
  });
});

describe('notes', () => {
  it('keeps notes private to their author, paged, editable, and exported as Markdown', async () => {
    const { courseId, itemIds } = await courseWithItems(stack, tutor, [videoItem('Planets')]);
    const video = itemIds[0] as string;
    const author = await enrolledStudent(stack, tutor, courseId, 'author');
    const other = await enrolledStudent(stack, tutor, courseId, 'other');
    const write = (as: Session, body: Record<string, unknown>) =>
      stack.call<{ _id: string; atSec?: number }>('POST', '/api/v1/notes', {
        as,
        body: { courseId, itemId: video, ...body },
      });
    const late = await write(author, { atSec: 95, text: 'Jupiter is a gas giant' });
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    await write(author, { atSec: 12, text: 'Mars is red' });
    expect((await write(author, { text: '   ' })).status).toBe(400);
    expect((await write(author, { text: 'x'.repeat(5001) })).status).toBe(400);
    const stranger = await stack.newUser('stranger');
    expect((await write(stranger, { text: 'not mine to write' })).status).toBe(403);

    const list = await stack.call<{ notes: Array<{ text: string }>; total: number }>(
      'GET',
      `/api/v1/notes?courseId=${courseId}&itemId=${video}`,
      { as: author },
    );
    expect(list.body.notes.map((n) => n.text)).toEqual(['Mars is red', 'Jupiter is a gas giant']);
    expect(list.body.total).toBe(2);
    const theirs = await stack.call<{ total: number }>('GET', `/api/v1/notes?courseId=${courseId}`, {
      as: other,
    });
    expect(theirs.body.total).toBe(0);
    expect(
      (await stack.call('PUT', `/api/v1/notes/${late.body._id}`, { as: other, body: { text: 'mine now' } }))
        .status,
    ).toBe(404);
    expect((await stack.call('DELETE', `/api/v1/notes/${late.body._id}`, { as: other })).status).toBe(404);

    const edited = await stack.call<{ text: string }>('PUT', `/api/v1/notes/${late.body._id}`, {
      as: author,
      body: { text: 'Jupiter: mostly hydrogen' },
    });
    expect(edited.body.text).toBe('Jupiter: mostly hydrogen');

    const exported = await stack.call<string>('GET', `/api/v1/notes/export?courseId=${courseId}`, {
      as: author,
    });
    expect(exported.headers.get('content-type')).toMatch(/^text\/markdown/);
    const markdown = exported.body;
    expect(markdown).toContain('## Planets');
    expect(markdown.indexOf('**0:12** Mars is red')).toBeLessThan(
      markdown.indexOf('**1:35** Jupiter: mostly hydrogen'),
    );

    expect((await stack.call('DELETE', `/api/v1/notes/${late.body._id}`, { as: author })).status).toBe(200);
  });
});
