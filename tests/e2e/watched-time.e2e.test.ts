import type { CertificateSummary, CourseAnalytics, ResponseOf } from '@liveedu/api-client';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedTutor, signUpAndLogIn } from './support/accounts.ts';
import { type Auth, call } from './support/api.ts';
import { type BrowserSession, openBrowser, shows } from './support/browser.ts';
import { buyAndAwaitEnrolment } from './support/checkout.ts';
import { itemIdsOf, logInOnPage, publishCourse } from './support/commerce.ts';
import { hostedLecture } from './support/hosted-lecture.ts';
import { eventually } from './support/page-helpers.ts';

/**
 * What the player records of a short hosted lecture watched as people watch: with pauses, a
 * leave and a "Continue" in between. Every second was played, so the lecture is completed, the
 * certificate issued, and the tutor's retention curve has no dip where the student paused.
 */

const stamp = Date.now().toString(36);
const LECTURE_SECONDS = 10;
const title = `Watched time ${stamp} in ten seconds`;

let session: BrowserSession;
let page: Page;
let tutor: Auth;
let student: Auth;
let studentEmail = '';
let courseId = '';
let itemId = '';

beforeAll(async () => {
  session = await openBrowser();
  page = session.page;
});
afterAll(() => session?.close());

/** A new tutor publishes a course of one 10-second hosted lecture, and a new student buys it. */
async function publishAndBuy() {
  tutor = await approvedTutor(`wtutor${stamp}`);
  const videoId = await hostedLecture(tutor, LECTURE_SECONDS);
  courseId = await publishCourse(tutor, {
    title,
    desc: 'A ten-second lecture to finish.',
    price: 299,
    colour: [30, 64, 175],
    items: [
      {
        sectionTitle: 'The only section',
        videoTitle: 'Ten seconds',
        videoDesc: 'Watched with pauses',
        videoLink: '',
        videoId,
      },
    ],
  });
  [itemId = ''] = await itemIdsOf(tutor, courseId);

  const studentName = `wstudent${stamp}`;
  studentEmail = `${studentName}@example.com`;
  student = await signUpAndLogIn(studentName);
  await logInOnPage(page, studentName);
  await buyAndAwaitEnrolment(page, courseId, student, studentEmail);
}

type Media = { currentTime: number; ended: boolean; paused: boolean };
const clock = (video: Locator) => video.evaluate((v) => (v as unknown as Media).currentTime);

/** Plays with the keyboard until the clock passes `seconds`, then pauses and waits for the report. */
async function playUntil(player: Locator, video: Locator, seconds: number) {
  await player.focus();
  await page.keyboard.press('k');
  await expect.poll(() => clock(video), { timeout: 30_000, interval: 50 }).toBeGreaterThan(seconds);
  const reported = page.waitForResponse(
    (r) => r.url().includes(`/api/v1/progress/${courseId}/${itemId}`) && r.request().method() === 'PUT',
  );
  await page.keyboard.press('k');
  expect((await reported).status()).toBe(200);
  // A moment paused, as a person takes.
  await page.waitForTimeout(400);
}

describe('watched time', () => {
  it('a tutor publishes a 10-second hosted lecture and a student buys it', publishAndBuy, 300_000);

  it('completes a 10-second lecture watched with three pauses and a "Continue", and issues the certificate', async () => {
    await page.goto(`/learn/${courseId}/user/${student._id}`, { waitUntil: 'domcontentloaded' });
    let video = page.locator('video');
    await shows(video, 60_000);
    let player = page.locator('[tabindex="0"][aria-label="Ten seconds"]');
    await playUntil(player, video, 1.6);
    await playUntil(player, video, 3.3);
    await playUntil(player, video, 5.1);

    // Playing again, then leaving the page mid-play: the player reports where it stopped.
    await player.focus();
    await page.keyboard.press('k');
    await expect.poll(() => clock(video), { timeout: 30_000, interval: 50 }).toBeGreaterThan(6.5);
    const playedTo = await clock(video);
    // Leaving the page mid-play (a full navigation away: no clean-up runs), the report still lands.
    await page.goto('/profile', { waitUntil: 'domcontentloaded' });
    await expect
      .poll(
        async () => {
          const progress = await call<ResponseOf<'/api/v1/progress/{courseId}', 'get'>>(
            'GET',
            `/api/v1/progress/${courseId}`,
            { as: student },
          );
          return progress.items[0]?.positionSec ?? 0;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBeGreaterThanOrEqual(Math.floor(playedTo * 10) / 10);

    const card = page.getByRole('listitem').filter({ hasText: title.slice(0, 20) }); // cards show a title's start
    // The list learns that the course was started from the progress event, a moment later.
    await eventually(
      page,
      () => card.getByRole('link', { name: 'Continue' }).waitFor({ timeout: 3000 }),
      30_000,
    );
    await card.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(`**/learn/${courseId}/user/${student._id}`);
    video = page.locator('video');
    player = page.locator('[tabindex="0"][aria-label="Ten seconds"]');
    await shows(video, 60_000);
    await expect.poll(() => clock(video), { timeout: 30_000 }).toBeGreaterThan(6);
    await player.focus();
    await page.keyboard.press('k');
    await expect
      .poll(() => video.evaluate((v) => (v as unknown as Media).ended), { timeout: 30_000, interval: 100 })
      .toBe(true);

    await expect
      .poll(
        async () => {
          const mine = await call<CertificateSummary[]>('GET', '/api/v1/certificates', { as: student });
          return mine.some((c) => c.courseId === courseId);
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);
    const progress = await call<ResponseOf<'/api/v1/progress/{courseId}', 'get'>>(
      'GET',
      `/api/v1/progress/${courseId}`,
      { as: student },
    );
    expect(progress.items).toEqual([expect.objectContaining({ itemId, completed: true })]);
  }, 180_000);

  it('shows the tutor a retention curve at 100% through the points where the student paused', async () => {
    await expect
      .poll(
        async () => {
          const analytics = await call<CourseAnalytics>('GET', `/api/v1/course-analytics/${courseId}`, {
            as: tutor,
          });
          return analytics.items?.find((item) => item.itemId === itemId)?.retention;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toEqual(new Array(20).fill(1));
  });
});
