import type { QuestionInList, ResponseOf } from '@liveedu/api-client';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedTutor, signUpAndLogIn } from './support/accounts.ts';
import { type Auth, call } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { type BrowserSession, openBrowser, platform, shows } from './support/browser.ts';
import { itemIdsOf, logInOnPage, publishCourse } from './support/commerce.ts';
import { hostedLecture } from './support/hosted-lecture.ts';

/**
 * A course's conversation, as its people see it: a student stops the lecture at a moment and asks
 * about it beside the video, the question marked on the timeline; the tutor finds it first in the
 * questions inbox of another browser and answers it; the student's bell counts the answer without
 * a reload, and its notification opens the lecture at the asked second with the thread and the
 * instructor's answer. The steps share the two browsers, so they run in order.
 */

const stamp = Date.now().toString(36);
const LECTURE_SECONDS = 8;
/** The second the student stops the lecture at, about. */
const ASK_AROUND = 4;
const courseTitle = `Asking at a moment ${stamp}`;
const LECTURE = 'Colour bars up close';
const QUESTION = { title: `Why is the last bar blue ${stamp}?`, body: 'It changes just here, **why**?' };
const ANSWER = 'Blue closes the *standard* test pattern.';
const tutorName = `qtutor${stamp}`;
const studentName = `qstudent${stamp}`;

let session: BrowserSession;
let page: Page;
let tutorPage: Page;
let tutor: Auth;
let student: Auth;
let courseId = '';
let lectureId = '';
/** The second the question was pinned to, as the form showed it. */
let askedAt = -1;
let questionId = '';

type Media = { currentTime: number; paused: boolean };
const clock = (video: Locator) => video.evaluate((v) => (v as unknown as Media).currentTime);
const paused = (video: Locator) => video.evaluate((v) => (v as unknown as Media).paused);
/** `00:04`, as the player's conversation names a moment. */
const moment = (seconds: number) => `00:${String(seconds).padStart(2, '0')}`;

/** The tutor's free course whose first item is a hosted lecture. */
async function publishFreeCourse(): Promise<void> {
  const videoId = await hostedLecture(tutor, LECTURE_SECONDS);
  courseId = await publishCourse(tutor, {
    title: courseTitle,
    desc: 'One lecture to ask about.',
    price: 0,
    colour: [124, 45, 18],
    benefits: 'Answers from the instructor',
    items: [
      { sectionTitle: 'Look closely', videoTitle: LECTURE, videoDesc: 'Watch it', videoLink: '', videoId },
    ],
  });
  [lectureId = ''] = await itemIdsOf(tutor, courseId);
}

/** The student's conversation beside the lesson. */
const conversation = () => page.getByRole('region', { name: 'Course conversation' });
/** The header's bell, named by how many notifications are unread. */
const bell = () => page.getByRole('banner').getByRole('button', { name: /unread notifications?$/ });

beforeAll(async () => {
  session = await openBrowser();
  page = session.page;
  const tutorContext = await session.browser.newContext({
    viewport: { width: 1366, height: 900 },
    baseURL: platform().url,
  });
  tutorPage = await tutorContext.newPage();
});

afterAll(() => session?.close());

describe('asking about a moment of a lecture and being told of the answer', () => {
  it('a tutor publishes a free course of one hosted lecture, and a student enrolls', async () => {
    tutor = await approvedTutor(tutorName);
    await publishFreeCourse();
    student = await signUpAndLogIn(studentName);
    await call('POST', `/api/v1/enroll-free/${courseId}`, { as: student });
    const progress = await call<ResponseOf<'/api/v1/progress/{courseId}', 'get'>>(
      'GET',
      `/api/v1/progress/${courseId}`,
      { as: student },
    );
    expect(progress.percent).toBe(0);
  }, 300_000);

  it('the student stops the lecture, asks about that moment, and sees the question listed and marked on the timeline', async () => {
    await logInOnPage(page, studentName);
    await session.open(`/learn/${courseId}/user/${student._id}`);
    const video = page.locator('video');
    await shows(video, 60_000);
    await shows(page.getByRole('heading', { level: 2, name: LECTURE }));
    // Nothing told yet.
    await shows(page.getByRole('button', { name: '0 unread notifications' }));
    await shows(conversation().getByText('No questions about this lesson yet — ask the first one'));

    // Play, and stop once past the moment to ask about.
    const player = page.locator(`[tabindex="0"][aria-label="${LECTURE}"]`);
    await player.focus();
    await page.keyboard.press('k');
    await expect
      .poll(() => clock(video), { timeout: 30_000, interval: 50 })
      .toBeGreaterThanOrEqual(ASK_AROUND);
    await player.focus();
    await page.keyboard.press('k');
    await expect.poll(() => paused(video)).toBe(true);
    askedAt = Math.floor(await clock(video));
    expect(askedAt).toBeGreaterThanOrEqual(ASK_AROUND);
    expect(askedAt).toBeLessThan(ASK_AROUND + 2);

    await conversation().getByRole('button', { name: 'Ask about this moment' }).click();
    const form = conversation().getByRole('form', { name: 'Ask a question' });
    await shows(form.getByText(`at ${moment(askedAt)}`, { exact: true }));
    expect(await paused(video)).toBe(true);
    await form.getByLabel('Title').fill(QUESTION.title);
    await form.getByLabel('Your question (Markdown)').fill(QUESTION.body);
    await form.getByRole('button', { name: 'Post question' }).click();

    // Posted, its thread shows: the title, the moment, the body rendered.
    const thread = conversation().getByRole('article', { name: QUESTION.title });
    await shows(thread);
    await shows(thread.getByRole('button', { name: `Go to ${moment(askedAt)} in the video` }));
    await shows(thread.locator('strong').filter({ hasText: 'why' }));
    await shows(thread.getByText('0 answers'));

    // Listed among the lesson's questions with its moment, and marked on the video's timeline.
    await thread.getByRole('button', { name: '← All questions' }).click();
    const listed = conversation()
      .getByRole('list', { name: 'Questions about this lesson' })
      .getByRole('listitem')
      .filter({ hasText: QUESTION.title });
    await shows(listed);
    await shows(listed.getByRole('button', { name: `Go to ${moment(askedAt)} in the video` }));
    expect(await listed.innerText()).toContain('0 answers');
    await shows(
      page
        .getByRole('list', { name: 'Marks on the timeline' })
        .getByRole('button', { name: `Question at ${moment(askedAt)}: ${QUESTION.title}` }),
    );
    await session.screenshot('conversation-question-asked');
    expect(await seriousViolations(page)).toEqual([]);

    const mine = await call<{ questions: QuestionInList[] }>(
      'GET',
      `/api/v1/courses/${courseId}/questions?itemId=${lectureId}`,
      { as: student },
    );
    expect(mine.questions.map((q) => [q.title, q.atSec, q.itemId])).toEqual([
      [QUESTION.title, askedAt, lectureId],
    ]);
    questionId = mine.questions[0]!._id;
  }, 180_000);

  it('the tutor finds the question first in the inbox, unanswered, and answers it as the instructor', async () => {
    // Another learner's question, newer and already answered, is listed after the waiting one.
    const other = await signUpAndLogIn(`qother${stamp}`);
    await call('POST', `/api/v1/enroll-free/${courseId}`, { as: other });
    const answered = await call<{ _id: string }>('POST', `/api/v1/courses/${courseId}/questions`, {
      as: other,
      body: { title: `Is there a sequel ${stamp}?`, body: 'To this course.' },
    });
    await call('POST', `/api/v1/questions/${answered._id}/answers`, {
      as: tutor,
      body: { body: 'Not yet.' },
    });

    await logInOnPage(tutorPage, tutorName);
    await tutorPage.goto('/profile/questions', { waitUntil: 'domcontentloaded' });
    const inbox = tutorPage.getByRole('list', { name: 'Questions' });
    await shows(inbox, 30_000);
    await shows(tutorPage.getByText('1 waiting for an answer'));
    const cards = inbox.getByRole('article');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await cards.first().getByRole('heading', { level: 3 }).innerText()).toBe(QUESTION.title);
    // Answered, it moves among the others: it is followed by its title.
    const first = inbox.getByRole('article', { name: QUESTION.title });
    const firstText = await first.innerText();
    expect(firstText).toContain(`${courseTitle} · at 0:0${askedAt} in the lesson`);
    expect(firstText).toContain(`Asked by ${studentName}`);
    expect(firstText).toContain('No answers yet');
    expect(await cards.nth(1).getByRole('heading', { level: 3 }).innerText()).toBe(
      `Is there a sequel ${stamp}?`,
    );

    await first.getByRole('button', { name: 'Answer' }).click();
    const answerForm = first.getByRole('form', { name: `Answer: ${QUESTION.title}` });
    await shows(answerForm);
    expect(await seriousViolations(tutorPage)).toEqual([]);
    await answerForm.getByLabel('Your answer').fill(ANSWER);
    await answerForm.getByRole('button', { name: 'Post answer' }).click();
    const posted = first.getByRole('list', { name: 'Answers' }).getByRole('listitem');
    await shows(posted.filter({ hasText: 'standard' }));
    expect(await posted.first().innerText()).toContain('Instructor');
    await shows(first.getByText('You answered'));
    await shows(tutorPage.getByText('Every question has an answer'));
  }, 120_000);

  it('the student’s bell counts the answer without a reload, and its notification opens the lecture at the moment with the answer', async () => {
    const video = page.locator('video');
    // The student has moved on: back to the start of the lecture.
    const player = page.locator(`[tabindex="0"][aria-label="${LECTURE}"]`);
    await player.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => clock(video)).toBeLessThan(askedAt - 2);
    const before = page.url();

    await expect
      .poll(() => bell().getAttribute('aria-label'), { timeout: 15_000, interval: 250 })
      .toBe('1 unread notification');
    // No reload happened: still the same page, the question still listed.
    expect(page.url()).toBe(before);
    await bell().click();
    const menu = page.getByRole('banner').getByRole('region', { name: 'Notifications' });
    const told = menu
      .getByRole('list', { name: 'Newest notifications' })
      .getByRole('link', { name: new RegExp(`answered "${QUESTION.title.replace(/[?]/g, '\\?')}"`) });
    await shows(told);
    expect(await told.innerText()).toContain(`${tutorName} (instructor) answered`);
    await told.click();

    await expect
      .poll(() => new URL(page.url()).searchParams.toString(), { timeout: 10_000 })
      .toBe(new URLSearchParams({ item: lectureId, t: String(askedAt), question: questionId }).toString());
    expect(new URL(page.url()).pathname).toBe(`/learn/${courseId}/user/${student._id}`);
    // The video at the asked second.
    await expect
      .poll(async () => Math.abs((await clock(video)) - askedAt), { timeout: 20_000, interval: 200 })
      .toBeLessThanOrEqual(1);
    // The thread open, with the instructor's answer.
    const thread = conversation().getByRole('article', { name: QUESTION.title });
    await shows(thread);
    const answer = thread.getByRole('list', { name: 'Answers' }).getByRole('listitem', {
      name: `Answer by ${tutorName}`,
    });
    await shows(answer);
    await shows(answer.getByText('Instructor', { exact: true }));
    await shows(answer.locator('em').filter({ hasText: 'standard' }));
    await shows(thread.getByText('1 answer', { exact: true }));
    // Followed and read: the bell has nothing unread.
    await expect
      .poll(() => bell().getAttribute('aria-label'), { timeout: 10_000 })
      .toBe('0 unread notifications');
    await session.screenshot('conversation-answer-opened');
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);
});
