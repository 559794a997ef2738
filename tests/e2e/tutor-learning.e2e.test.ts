import type { LearnerQuiz, ResponseOf } from '@liveedu/api-client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedTutor, signUpAndLogIn } from './support/accounts.ts';
import { type Auth, call } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { type BrowserSession, openBrowser, platform, shows } from './support/browser.ts';
import { buyAndAwaitEnrolment } from './support/checkout.ts';
import { logInOnPage } from './support/commerce.ts';
import { fillCourse, fillVideo, myCourse, openCourseForm } from './support/course-form.ts';
import { eventually } from './support/page-helpers.ts';

/**
 * The tutor's side of learning: a course of a lecture, a quiz and an assignment built in the
 * editor, the quiz's questions and the assignment's brief written on the update page, a
 * student's hand-in graded on the Grading page, and the quiz's answers read question by question
 * on the analytics page. The student buys the course in the browser; their attempts and hand-in
 * go through the API.
 */

const stamp = Date.now().toString(36);
const title = `Tutor learning ${stamp} quizzes`;
const cardTitle = title.slice(0, 20);
const QUIZ = 'Checkpoint';
const ASSIGNMENT = 'Essay on types';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let session: BrowserSession;
let page: Page;
let tutorName = '';
let tutor: Auth;
let student: Auth;
let studentName = '';
let courseId = '';
const items = { quiz: '', assignment: '' };

/** What sticks out past the right edge of the page as it is now on a 360-pixel-wide screen. */
async function wideOnAPhone(): Promise<string[]> {
  await page.setViewportSize({ width: 360, height: 740 });
  const wide = await page.evaluate(() => {
    type Element = {
      tagName: string;
      id: string;
      className: unknown;
      getBoundingClientRect(): { right: number; width: number };
    };
    const g = globalThis as unknown as {
      innerWidth: number;
      document: {
        documentElement: { scrollWidth: number };
        body: { querySelectorAll(selector: string): Iterable<Element> };
      };
    };
    if (g.document.documentElement.scrollWidth <= g.innerWidth + 1) return [];
    // The innermost elements that stick out: what pushes the others.
    const wide = [...g.document.body.querySelectorAll('*')].filter((el) => {
      const box = el.getBoundingClientRect();
      return box.right > g.innerWidth + 1 && box.width > 0;
    });
    return wide
      .filter(
        (el) =>
          !wide.some(
            (other) => other !== el && (el as unknown as { contains(o: unknown): boolean }).contains(other),
          ),
      )
      .slice(0, 6)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).split(' ')[0]} ${Math.round(el.getBoundingClientRect().right)}px`,
      );
  });
  await page.setViewportSize({ width: 1366, height: 900 });
  return wide;
}

beforeAll(async () => {
  session = await openBrowser();
  page = session.page;
  tutorName = `qtutor${stamp}`;
  tutor = await approvedTutor(tutorName);
});
afterAll(() => session?.close());

/** The editor of one saved item on the update page, opened. */
async function openItemEditor(name: string, button: string) {
  const item = page.getByRole('region', { name: 'Quizzes and assignments' }).getByRole('group', { name });
  await shows(item, 30_000);
  await item.getByRole('button', { name: button }).click();
  return item;
}

/** A student buys the course in a browser of their own, then answers the quiz twice and hands in. */
async function studentLearns() {
  studentName = `qstudent${stamp}`;
  student = await signUpAndLogIn(studentName);
  const context = await session.browser.newContext({ baseURL: platform().url });
  const buyer = await context.newPage();
  await logInOnPage(buyer, studentName);
  await buyAndAwaitEnrolment(buyer, courseId, student, `${studentName}@example.com`);
  await context.close();

  const quiz = await call<LearnerQuiz>('GET', `/api/v1/quiz/${courseId}/${items.quiz}`, { as: student });
  const [sum, capital] = quiz.questions as [
    LearnerQuiz['questions'][number],
    LearnerQuiz['questions'][number],
  ];
  const option = (text: string) => sum.options.find((o) => o.text === text)?._id as string;
  const attempt = (answers: unknown) =>
    call<{ scorePercent: number; passed: boolean }>(
      'POST',
      `/api/v1/quiz/${courseId}/${items.quiz}/attempts`,
      {
        as: student,
        body: { answers },
      },
    );
  // First wrong on the sum (5), right on the capital; then both right.
  expect(
    await attempt([
      { questionId: sum._id, optionIds: [option('5')] },
      { questionId: capital._id, text: ' paris ' },
    ]),
  ).toMatchObject({ scorePercent: 50, passed: false });
  expect(
    await attempt([
      { questionId: sum._id, optionIds: [option('4')] },
      { questionId: capital._id, text: 'Paris' },
    ]),
  ).toMatchObject({ scorePercent: 100, passed: true });

  const form = new FormData();
  form.append('text', 'Types name what a value may be, so mistakes show before running.');
  form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'essay.pdf');
  await call('POST', `/api/v1/assignments/${courseId}/${items.assignment}/submissions`, {
    as: student,
    form,
  });
}

describe('the tutor’s side of learning', () => {
  it('builds a course of a lecture, a quiz and an assignment in order in the editor', async () => {
    await logInOnPage(page, tutorName);
    await openCourseForm(page);
    await fillCourse(page, {
      thumbnail: [15, 118, 110],
      title,
      description: 'A lecture, then a quiz and an essay.',
      price: 700,
      benefits: 'Types that stick',
      prerequisites: 'Some JavaScript',
    });
    const section = page.getByRole('group', { name: 'Section 1' });
    await fillVideo(section.getByRole('group', { name: 'Video 1' }), {
      sectionTitle: 'Types',
      title: 'Why types',
      description: 'The case for types',
      link: 'https://videos.example.com/why-types',
    });
    await section.getByRole('button', { name: 'Add more content' }).click();
    await section.getByRole('group', { name: 'Video 2' }).getByLabel('Kind').selectOption('quiz');
    await section.getByRole('group', { name: 'Quiz 2' }).getByLabel('Quiz title').fill(QUIZ);
    await section.getByRole('button', { name: 'Add more content' }).click();
    await section.getByRole('group', { name: 'Video 3' }).getByLabel('Kind').selectOption('assignment');
    await section
      .getByRole('group', { name: 'Assignment 3' })
      .getByLabel('Assignment title')
      .fill(ASSIGNMENT);
    await page.getByRole('button', { name: 'Create Course' }).click();
    await shows(page.getByText('Course created successfully'), 30_000);
    courseId = (await myCourse(page, cardTitle)).id;

    const edit = await call<ResponseOf<'/api/v1/get-course-details-to-updateByTutor/{id}', 'get'>>(
      'GET',
      `/api/v1/get-course-details-to-updateByTutor/${courseId}`,
      { as: tutor },
    );
    const saved = edit.courseContent.flat() as Array<{ _id: string; videoTitle: string; kind?: string }>;
    expect(saved.map((item) => [item.videoTitle, item.kind ?? 'video'])).toEqual([
      ['Why types', 'video'],
      [QUIZ, 'quiz'],
      [ASSIGNMENT, 'assignment'],
    ]);
    items.quiz = saved[1]!._id;
    items.assignment = saved[2]!._id;
  }, 180_000);

  it('writes the quiz and the assignment on the update page, with the keyboard where it can', async () => {
    await page.goto(`/update-a-course/${courseId}`, { waitUntil: 'domcontentloaded' });
    await shows(page.getByRole('button', { name: 'Update Course' }), 30_000);

    const quizItem = await openItemEditor(`1.2 ${QUIZ} (Quiz)`, 'Edit the quiz');
    const quiz = quizItem.getByRole('form', { name: `Quiz: ${QUIZ}` });
    await shows(quiz, 30_000);
    await quiz.getByLabel('Pass mark (%)').fill('60');
    await quiz.getByLabel('Unlimited attempts').uncheck();
    await quiz.getByLabel('Attempts allowed').fill('5');
    const first = quiz.getByRole('group', { name: 'Question 1' });
    await first.getByLabel('Question text').fill('What is 2 + 2?');
    await first.getByLabel('Option 1', { exact: true }).fill('4');
    await first.getByLabel('Option 2', { exact: true }).fill('5');
    await first.getByLabel('Option 1 is right').check();
    await first.getByLabel('Explanation (shown after answering, optional)').fill('Two and two make four.');
    // A second question, added and typed with the keyboard alone.
    await quiz.getByRole('button', { name: 'Add a question' }).focus();
    await page.keyboard.press('Enter');
    const second = quiz.getByRole('group', { name: 'Question 2' });
    await second.getByLabel('Type').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await second.getByLabel('Type').inputValue()).toBe('short');
    await page.keyboard.press('Tab');
    await page.keyboard.type('The capital of France?');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Paris');
    await quiz.getByRole('button', { name: 'Save the quiz' }).click();
    await shows(quiz.getByText('Quiz saved'), 30_000);

    const taskItem = await openItemEditor(`1.3 ${ASSIGNMENT} (Assignment)`, 'Edit the assignment');
    const task = taskItem.getByRole('form', { name: `Assignment: ${ASSIGNMENT}` });
    await shows(task, 30_000);
    await task.getByLabel('Brief (Markdown)').fill('Write **one page** on types.\n\n## Hand in\n\nA PDF.');
    await shows(
      task.getByRole('region', { name: 'Preview of the brief' }).getByRole('heading', { name: 'Hand in' }),
    );
    await task.getByLabel('Rubric (how it is graded, optional)').fill('Clarity, then examples');
    await task.getByLabel('Largest file (MB, 1–50)').fill('5');
    await task.getByRole('button', { name: 'Save the assignment' }).click();
    await shows(task.getByText('Assignment saved'), 30_000);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await wideOnAPhone()).toEqual([]);
    await session.screenshot('tutor-quiz-and-assignment');

    // Both are kept: opened again after a reload, they show what was saved.
    await page.reload({ waitUntil: 'domcontentloaded' });
    const again = await openItemEditor(`1.2 ${QUIZ} (Quiz)`, 'Edit the quiz');
    await shows(again.getByRole('group', { name: 'Question 2' }), 30_000);
    expect(
      await again.getByRole('group', { name: 'Question 1' }).getByLabel('Question text').inputValue(),
    ).toBe('What is 2 + 2?');
    expect(await again.getByLabel('Attempts allowed').inputValue()).toBe('5');
    expect(
      await again
        .getByRole('group', { name: 'Question 2' })
        .getByLabel('Accepted answers (one a line)')
        .inputValue(),
    ).toBe('Paris');
  }, 120_000);

  it('grades a student’s hand-in, which then shows among the graded ones', async () => {
    await studentLearns();
    await page.goto('/profile', { waitUntil: 'domcontentloaded' });
    await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Grading' }).click();
    await page.waitForURL('**/profile/grading');
    const card = page.getByRole('article', { name: studentName });
    await shows(card, 30_000);
    await shows(card.getByText(`${title} · ${ASSIGNMENT}`));
    await shows(card.getByText('Types name what a value may be, so mistakes show before running.'));
    const file = card.getByRole('link', { name: /essay\.pdf/ });
    expect(await file.getAttribute('target')).toBe('_blank');
    // The signed link gives the file as handed in.
    const href = (await file.getAttribute('href')) ?? '';
    const download = await fetch(new URL(href, platform().url));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await wideOnAPhone()).toEqual([]);

    const form = card.getByRole('form', { name: `Grade ${studentName}: ${ASSIGNMENT}` });
    await form.getByLabel('Score (0–100)').fill('90');
    await form.getByLabel('Passed').check();
    await form.getByLabel('Feedback').fill('Clear, with good examples.');
    await session.screenshot('tutor-grading');
    await form.getByRole('button', { name: 'Save the grade' }).click();
    await shows(page.getByText(`${studentName}'s hand-in is graded`));
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(0);
    await shows(page.getByText('Nothing to grade'));

    await page.getByRole('button', { name: 'Graded' }).click();
    const graded = page.getByRole('article', { name: studentName });
    await shows(graded.getByText(/Graded: 90\/100, passed/), 30_000);
    const mine = await call<{ submissions: Array<{ status: string; score?: number; feedback?: string }> }>(
      'GET',
      `/api/v1/assignments/${courseId}/${items.assignment}/submissions/mine`,
      { as: student },
    );
    expect(mine.submissions[0]).toMatchObject({
      status: 'graded',
      score: 90,
      feedback: 'Clear, with good examples.',
    });
  }, 240_000);

  it('reads the quiz question by question beside the drop-off of the course', async () => {
    await page.goto('/profile/tutor-analytics', { waitUntil: 'domcontentloaded' });
    const figures = page.getByRole('region', { name: `Answers to 2. ${QUIZ}` });
    // The attempts reach the figures through events, a moment later.
    await eventually(page, async () => {
      await shows(figures, 5_000);
      expect(await figures.getByRole('definition').first().textContent()).toBe('2');
    });
    const value = (term: string) =>
      figures.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');
    expect(await value('Pass rate').textContent()).toBe('50%');
    expect(await value('Average score').textContent()).toBe('75%');
    const rows = figures.getByRole('row');
    await shows(rows.filter({ hasText: 'What is 2 + 2?' }).getByText('50% of 2'));
    await shows(rows.filter({ hasText: 'What is 2 + 2?' }).getByText('5 (1×)'));
    await shows(rows.filter({ hasText: 'The capital of France?' }).getByText('100% of 2'));
    expect(await seriousViolations(page)).toEqual([]);
    await session.screenshot('tutor-quiz-figures');
  }, 120_000);
});
