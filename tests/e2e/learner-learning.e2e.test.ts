import { readFile } from 'node:fs/promises';
import type { CertificateSummary, ResponseOf } from '@liveedu/api-client';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedTutor, signUpAndLogIn } from './support/accounts.ts';
import { type Auth, call } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { type BrowserSession, openBrowser, shows } from './support/browser.ts';
import { buyAndAwaitEnrolment } from './support/checkout.ts';
import { itemIdsOf, logInOnPage, publishCourse } from './support/commerce.ts';
import { hostedLecture } from './support/hosted-lecture.ts';
import { eventually } from './support/page-helpers.ts';

/**
 * A student learns more than a lecture: the lecture stops for a question, a quiz is failed then
 * passed, an assignment is handed in and graded by the tutor, each unlocking the next in a course
 * taken in order; the course completed, its certificate shows in the player.
 */

const stamp = Date.now().toString(36);
const LECTURE_SECONDS = 8;
const QUESTION_AT = 3;
const title = `Learning by doing ${stamp}`;
const LECTURE = 'Colour bars explained';
const QUIZ = 'Check yourself';
const ASSIGNMENT = 'Describe the bars';

let session: BrowserSession;
let page: Page;
let tutor: Auth;
let student: Auth;
let courseId = '';
const items = { video: '', quiz: '', assignment: '' };

beforeAll(async () => {
  session = await openBrowser();
  page = session.page;
});
afterAll(() => session?.close());

type Media = { currentTime: number; ended: boolean; paused: boolean };
const clock = (video: Locator) => video.evaluate((v) => (v as unknown as Media).currentTime);
const paused = (video: Locator) => video.evaluate((v) => (v as unknown as Media).paused);
const ended = (video: Locator) => video.evaluate((v) => (v as unknown as Media).ended);

const progress = () =>
  call<ResponseOf<'/api/v1/progress/{courseId}', 'get'>>('GET', `/api/v1/progress/${courseId}`, {
    as: student,
  });
const completedItems = async () => (await progress()).items.filter((i) => i.completed).map((i) => i.itemId);

/** The item's entry in the player's list of content. */
const entry = (name: string | RegExp) =>
  page
    .getByRole('navigation', { name: 'Course content' })
    .getByRole('button', { name: typeof name === 'string' ? new RegExp(`^(✓ completed: )?${name}$`) : name });

/** The tutor's course: a hosted lecture that asks a question, a quiz and an assignment, unlocked in order. */
async function publish() {
  tutor = await approvedTutor(`ltutor${stamp}`);
  const videoId = await hostedLecture(tutor, LECTURE_SECONDS);
  const section = 'Learn and check';
  courseId = await publishCourse(tutor, {
    title,
    desc: 'A lecture, a quiz and an assignment, in order.',
    price: 399,
    colour: [22, 101, 52],
    sequential: true,
    items: [
      { sectionTitle: section, videoTitle: LECTURE, videoDesc: 'Watch it', videoLink: '', videoId },
      { sectionTitle: section, videoTitle: QUIZ, kind: 'quiz' },
      { sectionTitle: section, videoTitle: ASSIGNMENT, kind: 'assignment' },
    ],
  });
  const [video = '', quiz = '', assignment = ''] = await itemIdsOf(tutor, courseId);
  Object.assign(items, { video, quiz, assignment });

  await call('PUT', `/api/v1/courses/${courseId}/items/${items.video}/quiz`, {
    as: tutor,
    body: {
      passPercent: 100,
      maxAttempts: null,
      required: true,
      questions: [
        {
          type: 'single',
          prompt: 'What does the lecture show?',
          options: [{ text: 'Colour bars' }, { text: 'A lecturer' }],
          correct: ['0'],
          explanation: 'A test pattern of colour bars.',
          atSec: QUESTION_AT,
        },
      ],
    },
  });
  await call('PUT', `/api/v1/courses/${courseId}/items/${items.quiz}/quiz`, {
    as: tutor,
    body: {
      passPercent: 100,
      maxAttempts: 3,
      required: true,
      questions: [
        {
          type: 'single',
          prompt: 'What is 2 + 2?',
          options: [{ text: 'Three' }, { text: 'Four' }],
          correct: ['1'],
          explanation: 'Two and two make four.',
        },
        {
          type: 'short',
          prompt: 'The capital of France?',
          accepted: ['Paris'],
          explanation: 'Paris is.',
        },
      ],
    },
  });
  await call('PUT', `/api/v1/courses/${courseId}/items/${items.assignment}/assignment`, {
    as: tutor,
    body: {
      brief: 'Write **one sentence** about the colour bars.',
      fileTypes: ['txt', 'pdf'],
      maxSizeMb: 1,
      required: true,
    },
  });
}

/** Answers the quiz's two questions, the sum by its option and the capital as typed, and submits. */
async function submitQuiz(quiz: Locator, sum: string, capital: string) {
  await quiz
    .getByRole('group', { name: /What is 2 \+ 2/ })
    .getByLabel(sum)
    .check();
  await quiz.getByLabel('Your answer').fill(capital);
  await quiz.getByRole('button', { name: 'Submit answers' }).click();
}

/** A new student logs in in the browser and buys the course. */
async function buy() {
  const username = `lstudent${stamp}`;
  student = await signUpAndLogIn(username);
  await logInOnPage(page, username);
  await buyAndAwaitEnrolment(page, courseId, student, `${username}@example.com`);
}

describe('learning by doing', () => {
  it('a tutor publishes a lecture with a question, a quiz and an assignment in order, and a student buys it', async () => {
    await publish();
    await buy();
  }, 300_000);

  it('stops the lecture for its question, grades the answer, and plays on to the end', async () => {
    await page.goto(`/learn/${courseId}/user/${student._id}`, { waitUntil: 'domcontentloaded' });
    const video = page.locator('video');
    await shows(video, 60_000);
    // In order: the quiz and the assignment wait for the lecture.
    expect(await entry(QUIZ).getAttribute('aria-disabled')).toBe('true');
    expect(await entry(ASSIGNMENT).getAttribute('aria-disabled')).toBe('true');
    // A locked item is still a button (aria-disabled), so that it can say why it does not open.
    await entry(QUIZ).click({ force: true });
    await shows(page.getByRole('status').filter({ hasText: 'Finish the previous item first' }));
    await shows(page.getByRole('heading', { level: 2, name: LECTURE }));
    await shows(page.getByRole('img', { name: `Question 1 at 0:0${QUESTION_AT}` }));

    await page.locator(`[tabindex="0"][aria-label="${LECTURE}"]`).focus();
    await page.keyboard.press('k');
    const question = page.getByRole('dialog', { name: /Question 1 of 1/ });
    await shows(question, 30_000);
    expect(await paused(video)).toBe(true);
    const at = await clock(video);
    expect(at).toBeGreaterThanOrEqual(QUESTION_AT - 0.1);
    expect(at).toBeLessThan(QUESTION_AT + 1);
    // The focus is on the question, and the video stays where it stopped while it is asked.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const doc = (
            globalThis as unknown as { document: { activeElement: { closest(s: string): unknown } } }
          ).document;
          return doc.activeElement?.closest('[role="dialog"]') != null;
        }),
      )
      .toBe(true);
    await page.waitForTimeout(800);
    expect(Math.abs((await clock(video)) - at)).toBeLessThan(0.1);
    await session.screenshot('learner-in-video-question');
    expect(await seriousViolations(page)).toEqual([]);

    await question.getByLabel('Colour bars').check();
    await question.getByRole('button', { name: 'Answer and finish' }).click();
    const result = page.getByTestId('quiz-result');
    await shows(result);
    expect(await result.innerText()).toContain('Score: 100% — Passed');
    // It plays on after the question, to the end.
    await expect.poll(() => paused(video), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => ended(video), { timeout: 30_000, interval: 200 }).toBe(true);

    // A note at a second of the lecture, marked on its timeline.
    const notes = page.getByRole('region', { name: 'Notes' });
    await notes.getByLabel('New note').fill('The bars come first');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await shows(notes.getByRole('button', { name: /^Play from 0:0\d$/ }));
    await shows(page.getByRole('button', { name: /^Note at 0:0\d: The bars come first$/ }));

    // Watched to the end: completed, and the quiz opens.
    await expect.poll(completedItems, { timeout: 30_000, interval: 500 }).toContain(items.video);
    await expect.poll(() => entry(QUIZ).getAttribute('aria-disabled'), { timeout: 30_000 }).toBeNull();
    expect(await entry(ASSIGNMENT).getAttribute('aria-disabled')).toBe('true');
  }, 180_000);

  it('fails the quiz, then passes it on another try, and the quiz shows completed', async () => {
    await entry(QUIZ).click();
    const quiz = page.getByRole('region', { name: QUIZ });
    await shows(quiz.getByText('0 of 3 attempts used, 3 left'));
    expect(await seriousViolations(page)).toEqual([]);
    await submitQuiz(quiz, 'Three', 'Lyon');
    const result = page.getByTestId('quiz-result');
    await shows(result);
    expect(await result.innerText()).toMatch(/Score: 0% — Not passed \(pass mark 100%\)/);
    expect(await result.innerText()).toContain('Two and two make four.');
    expect(await seriousViolations(page)).toEqual([]);
    await result.getByRole('button', { name: 'Try again' }).click();

    await submitQuiz(quiz, 'Four', 'paris');
    await shows(page.getByTestId('quiz-result').getByText('Passed', { exact: true }));
    await shows(quiz.getByText('2 of 3 attempts used, 1 left'));
    // The catalog learns of the pass by an event: the player reads the progress until it shows.
    await shows(entry(new RegExp(`completed: ${QUIZ}$`)), 30_000);
    await expect.poll(() => entry(ASSIGNMENT).getAttribute('aria-disabled'), { timeout: 30_000 }).toBeNull();
  }, 120_000);

  it('hands in the assignment; once the tutor grades it, the course is completed and its certificate shows', async () => {
    await entry(ASSIGNMENT).click();
    const view = page.getByRole('region', { name: ASSIGNMENT });
    await shows(view.getByText('one sentence'));
    await shows(view.getByText('text (.txt) or PDF, up to 1 MB'));
    await view.getByLabel('File', { exact: true }).setInputFiles({
      name: 'bars.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Seven bars of colour, white to blue.\n'),
    });
    await view.getByLabel('Text (optional with a file)').fill('My sentence is in the file.');
    await view.getByRole('button', { name: 'Hand in' }).click();
    await shows(page.getByText('Your work was handed in'));
    const handIns = view.getByRole('region', { name: 'Your hand-ins' });
    await shows(handIns.getByText('Pending'));
    await shows(handIns.getByRole('link', { name: 'bars.txt' }));
    expect(await seriousViolations(page)).toEqual([]);

    const pending = await call<ResponseOf<'/api/v1/tutor/submissions', 'get'>>(
      'GET',
      `/api/v1/tutor/submissions?courseId=${courseId}&status=pending`,
      { as: tutor },
    );
    expect(pending.submissions).toHaveLength(1);
    await call('PUT', `/api/v1/tutor/submissions/${pending.submissions[0]!._id}`, {
      as: tutor,
      body: { score: 90, passed: true, feedback: 'Clear and short.' },
    });

    // The grade reaches the catalog by an event: the student finds it on coming back.
    await eventually(page, async () => {
      await entry(ASSIGNMENT).click({ timeout: 5000 });
      await handIns.getByText('Graded').waitFor({ timeout: 3000 });
    });
    const graded = await handIns.getByRole('listitem').first().innerText();
    expect(graded).toContain('Score: 90/100');
    expect(graded).toContain('Passed');
    expect(graded).toContain('Clear and short.');

    await eventually(page, () =>
      page.getByRole('link', { name: 'View your certificate' }).waitFor({ timeout: 5000 }),
    );
    await session.screenshot('learner-course-completed');
    const mine = await call<CertificateSummary[]>('GET', '/api/v1/certificates', { as: student });
    const certificate = mine.find((c) => c.courseId === courseId);
    expect(certificate).toBeTruthy();
    await page.getByRole('link', { name: 'View your certificate' }).click();
    await page.waitForURL(`**/certificates/${certificate!.certificateId}`);
    await shows(page.getByTestId('certificate-course').filter({ hasText: title }));
  }, 180_000);

  it('exports the notes of the course as a Markdown file', async () => {
    await page.goto(`/learn/${courseId}/user/${student._id}`, { waitUntil: 'domcontentloaded' });
    const notes = page.getByRole('region', { name: 'Notes' });
    const download = page.waitForEvent('download');
    await notes.getByRole('button', { name: 'Export notes' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`notes-${courseId}.md`);
    expect(await readFile(await file.path(), 'utf8')).toContain('The bars come first');
  });
});
