import type { ResponseOf } from '@liveedu/api-client';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api.ts';
import { type BrowserSession, openBrowser, platform, shows } from './support/browser.ts';
import { enrollWithSuccessCard } from './support/checkout.ts';
import { logInOnPage } from './support/commerce.ts';
import { fillCourse, fillVideo, myCourse, openCourseForm, showsInCatalog } from './support/course-form.ts';
import { lectureVideo } from './support/lecture-video.ts';
import { eventually, playsPast, png } from './support/page-helpers.ts';

/**
 * The tutor's journey against the platform as `npm start` runs it: two students apply to teach
 * (resume file and channel link), the admin approves them, and one of them, without logging in
 * again, creates, updates, sells and deletes a course, sees the earning, the chart and the
 * payment, adds bank details and withdraws. The admin's approval goes through the admin's API
 * call; every tutor and student step goes through the pages.
 */

const PASSWORD = 'a long password';
const stamp = Date.now().toString(36);

async function signUp(name: string): Promise<string> {
  const username = `${name}${stamp}`;
  await call('POST', '/api/v1/user-signUp', {
    body: { username, email: `${username}@example.com`, password: PASSWORD },
  });
  return username;
}

let session: BrowserSession;
let browser: Browser;
let tutorPage: Page;
let tutorName: string;
let linkApplicant: string;
let courseId = '';
const title = `Tutor ${stamp} practical TypeScript`;
const updatedTitle = `Tutor ${stamp} practical TypeScript, 2nd edition`;
const cardTitle = title.slice(0, 20);

beforeAll(async () => {
  session = await openBrowser({ width: 1366, height: 900 });
  browser = session.browser;
  tutorPage = session.page;
  tutorName = await signUp('tfile');
  linkApplicant = await signUp('tlink');
});
afterAll(() => session?.close());

describe('becoming a tutor', () => {
  it('a student applies with a resume file, another with a channel link, and both are approved', async () => {
    await logInOnPage(tutorPage, tutorName);
    await tutorPage.goto('/teach-on-live-edu', { waitUntil: 'domcontentloaded' });
    await tutorPage.getByLabel('Teaching resume (image)').setInputFiles({
      name: 'resume.png',
      mimeType: 'image/png',
      buffer: png(60, 80, [240, 240, 240]),
    });
    await tutorPage.getByRole('button', { name: 'Submit application' }).click();
    await shows(tutorPage.getByText('Your application to become a tutor is under review.'));

    const other: BrowserContext = await browser.newContext({ baseURL: platform().url });
    const otherPage = await other.newPage();
    await logInOnPage(otherPage, linkApplicant);
    await otherPage.goto('/teach-on-live-edu', { waitUntil: 'domcontentloaded' });
    await otherPage.getByLabel('YouTube channel link').fill('https://www.youtube.com/@teaching-channel');
    await otherPage.getByRole('button', { name: 'Submit application' }).click();
    await shows(otherPage.getByText('Your application to become a tutor is under review.'));

    const admin = await call<ResponseOf<'/api/v1/login', 'post'>>('POST', '/api/v1/login', {
      body: { username: 'admin', password: platform().adminPassword },
    });
    const requests = await call<ResponseOf<'/api/v1/getTutorRequests', 'get'>>(
      'GET',
      '/api/v1/getTutorRequests',
      { as: admin },
    );
    const byFile = requests.data.find((r) => r.user.username === tutorName);
    const byLink = requests.data.find((r) => r.user.username === linkApplicant);
    expect(byFile?.resume).toBeTruthy();
    expect(byLink?.ytLink).toBe('https://www.youtube.com/@teaching-channel');
    for (const r of [byFile, byLink]) {
      await call('PUT', '/api/v1/acceptTutorRequest', {
        as: admin,
        body: { option: 'accept', id: r?.user._id },
      });
    }

    // The link applicant, still logged in, reaches the course editor.
    await otherPage.goto('/create-a-new-course', { waitUntil: 'domcontentloaded' });
    await shows(otherPage.getByRole('button', { name: 'Create Course' }));
    await other.close();
  }, 180_000);

  it('the approved student has the tutor sidebar without logging in again', async () => {
    await tutorPage.goto('/profile', { waitUntil: 'domcontentloaded' });
    const sidebar = tutorPage.getByRole('navigation', { name: 'Profile' });
    await shows(sidebar.getByRole('link', { name: 'Withdraw Money' }));
    for (const name of ['My Courses', 'Payment History', 'Analytics', 'Enrolled Courses']) {
      await shows(sidebar.getByRole('link', { name }));
    }
    await shows(tutorPage.getByRole('link', { name: 'Add Course' }));
  });
});

describe('the tutor’s course', () => {
  it('adds bank details and cannot withdraw with nothing earned', async () => {
    await tutorPage
      .getByRole('navigation', { name: 'Profile' })
      .getByRole('link', { name: 'Withdraw Money' })
      .click();
    const form = tutorPage.getByRole('form', { name: 'Bank details' });
    await shows(form);
    await form.getByRole('button', { name: 'Submit' }).click();
    await shows(form.getByText('All fields are required'));
    await form.getByLabel('Full name').fill('Priya Tutor');
    await form.getByLabel('Account number').fill('123456789012');
    await form.getByLabel('Name of bank').fill('State Bank of India');
    await form.getByLabel('IFSC').fill('SBIN0001234');
    await form.getByRole('button', { name: 'Submit' }).click();
    await shows(tutorPage.getByTestId('available-balance'));
    expect(await tutorPage.getByTestId('available-balance').textContent()).toBe('₹0.00');
    expect(await tutorPage.getByRole('button', { name: 'Withdraw' }).isDisabled()).toBe(true);
    await shows(tutorPage.getByText('Balance should be above 1000 to get withdrawl.'));
    await shows(tutorPage.getByText('No withdrawals yet'));
  });

  it('creates a course with a dropped thumbnail and two sections, then finds it in My Courses and on /courses', async () => {
    await openCourseForm(tutorPage);
    await tutorPage.getByRole('button', { name: 'Create Course' }).click();
    await shows(tutorPage.getByText('All fields are required'));

    await fillCourse(tutorPage, {
      thumbnail: [79, 70, 229],
      title,
      description: 'Types that catch mistakes before your users do.',
      price: 1500,
      benefits: 'Confidence when refactoring',
      prerequisites: 'Some JavaScript',
    });

    const fillItem = (item: Locator, sectionTitle: string, n: number) =>
      fillVideo(item, {
        sectionTitle,
        title: `Lesson ${n}`,
        description: `What lesson ${n} covers`,
        link: `https://videos.example.com/lesson-${n}`,
      });
    const section1 = tutorPage.getByRole('group', { name: 'Section 1' });
    await fillItem(section1.getByRole('group', { name: 'Video 1' }), 'Getting started', 1);
    await section1.getByRole('button', { name: 'Add more content' }).click();
    await shows(section1.getByRole('group', { name: 'Video 2' }).getByText('Untitled Section'));
    await fillItem(section1.getByRole('group', { name: 'Video 2' }), 'Getting started', 2);
    await tutorPage.getByRole('button', { name: 'Add Section' }).click();
    const section2 = tutorPage.getByRole('group', { name: 'Section 2' });
    await fillItem(section2.getByRole('group', { name: 'Video 1' }), 'Types in depth', 3);
    await tutorPage.getByRole('button', { name: 'Create Course' }).click();

    await shows(tutorPage.getByText('Course created successfully'), 30_000);
    // The form is back to one empty section.
    expect(await tutorPage.getByLabel('Title', { exact: true }).inputValue()).toBe('');
    expect(await tutorPage.getByRole('group', { name: /^Section \d+$/ }).count()).toBe(1);

    const mine = await myCourse(tutorPage, cardTitle);
    courseId = mine.id;
    await shows(mine.card.getByText('₹1,500.00'));
    await session.screenshot('tutor-my-courses');

    await showsInCatalog(tutorPage, cardTitle);
  }, 180_000);

  it('updates the course from a form with every field preset, the category included', async () => {
    await tutorPage.goto('/profile', { waitUntil: 'domcontentloaded' });
    await tutorPage
      .getByTestId('course-card')
      .filter({ hasText: cardTitle })
      .getByRole('link', { name: 'Update' })
      .click();
    await tutorPage.waitForURL(`**/update-a-course/${courseId}`);
    await shows(tutorPage.getByRole('button', { name: 'Update Course' }), 30_000);
    expect(await tutorPage.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    await expect.poll(() => tutorPage.getByLabel('Category').inputValue()).toBe('Web Development');
    expect(await tutorPage.getByLabel('Level').inputValue()).toBe('beginner');
    expect(await tutorPage.getByLabel('Price (₹)').inputValue()).toBe('1500');
    expect(await tutorPage.getByRole('group', { name: /^Section \d+$/ }).count()).toBe(2);
    await session.screenshot('tutor-update-course');
    await tutorPage.getByLabel('Title', { exact: true }).fill(updatedTitle);

    // The third lesson becomes a hosted video: uploaded straight to storage, with a progress bar.
    const lesson = tutorPage
      .getByRole('group', { name: 'Section 2' })
      .getByRole('group', { name: 'Video 1' });
    await lesson.getByLabel('Or upload a video').setInputFiles({
      name: 'lesson-3.mp4',
      mimeType: 'video/mp4',
      buffer: await lectureVideo(),
    });
    await shows(lesson.getByTestId('upload-progress'));
    await shows(lesson.getByText('Uploaded · processing…'), 60_000);
    await shows(lesson.locator('[data-testid="video-state"][data-status="ready"]'), 120_000);
    await session.screenshot('tutor-uploaded-video');
    // English captions for it, from a WebVTT file.
    await lesson.getByLabel('Add captions (.vtt)').setInputFiles({
      name: 'lesson-3.en.vtt',
      mimeType: 'text/vtt',
      buffer: Buffer.from('WEBVTT\n\n00:00:00.000 --> 00:00:03.000\nTypes, in depth\n'),
    });
    await shows(lesson.getByText('Captions: English'), 30_000);
    // Anyone may watch it from the course page before buying.
    await lesson.getByLabel('Free preview').check();
    await tutorPage.getByRole('button', { name: 'Update Course' }).click();
    await tutorPage.waitForURL(`**/viewCouse/${courseId}`, { timeout: 30_000 });
    await shows(tutorPage.getByRole('heading', { name: updatedTitle }));
  }, 120_000);

  it('plays the free preview to a visitor from the course page, with each lecture and its length', async () => {
    const visitor = await browser.newContext({ baseURL: platform().url });
    const page = await visitor.newPage();
    await page.goto(`/viewCouse/${courseId}`, { waitUntil: 'domcontentloaded' });
    await shows(page.getByText('2 sections · 3 lectures', { exact: false }), 30_000);
    await page.getByText('Types in depth').click();
    await page.getByRole('button', { name: 'Preview Lesson 3' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview: Lesson 3' });
    const video = dialog.locator('[data-testid="hls-player"]');
    await shows(video, 30_000);
    await video.evaluate((v) => {
      const player = v as unknown as { muted: boolean; play(): Promise<void> };
      player.muted = true;
      return player.play().catch(() => {});
    });
    await playsPast(video, 0.5);
    await session.screenshot('visitor-course-preview');
    // The uploaded lecture shows its measured length; the linked ones have none.
    await shows(page.locator('time[datetime^="PT"]').first());
    await visitor.close();
  }, 120_000);

  it('sells the course to a student through the sandbox and shows the earning, the chart and the payment', async () => {
    const buyerName = await signUp('buyer');
    const buyer = await browser.newContext({ baseURL: platform().url });
    const buyerPage = await buyer.newPage();
    await logInOnPage(buyerPage, buyerName);
    await buyerPage.goto(`/viewCouse/${courseId}`, { waitUntil: 'domcontentloaded' });
    await enrollWithSuccessCard(buyerPage, { email: `${buyerName}@example.com`, name: 'Buyer Student' });
    // The buyer plays the uploaded lesson.
    const buyerId = await buyerPage.evaluate(() =>
      (
        globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
      ).localStorage.getItem('id'),
    );
    // The enrollment follows the payment's event: the buyer's courses show it once it is recorded.
    await buyerPage.goto('/profile', { waitUntil: 'domcontentloaded' });
    await eventually(buyerPage, () => shows(buyerPage.getByRole('link', { name: 'Start Learning' }), 5_000));
    await buyerPage.getByRole('link', { name: 'Start Learning' }).click();
    await buyerPage.waitForURL(`**/learn/${courseId}/user/${buyerId}`, { timeout: 30_000 });
    await buyerPage.getByRole('button', { name: /Types in depth/ }).click();
    await buyerPage.getByRole('button', { name: 'Lesson 3', exact: true }).click();
    const video = buyerPage.locator('[data-testid="hls-player"]');
    await shows(video, 30_000);
    await buyerPage.locator('[tabindex="0"][aria-label="Lesson 3"]').focus();
    await buyerPage.keyboard.press('k');
    await playsPast(video, 1);
    await buyerPage.keyboard.press('k');
    // Its captions, as subtitles and as a transcript that seeks.
    await buyerPage.getByLabel('Transcript language').selectOption('en');
    await buyerPage
      .getByRole('list', { name: 'Transcript' })
      .getByRole('button', { name: /Types, in depth/ })
      .click();
    expect(await video.evaluate((v) => (v as unknown as { currentTime: number }).currentTime)).toBeLessThan(
      0.5,
    );
    await buyer.close();

    await tutorPage.goto('/profile/tutor-analytics', { waitUntil: 'domcontentloaded' });
    const report = tutorPage.getByLabel('Earnings report');
    // 80% of ₹1,500 after the platform's fee.
    await eventually(tutorPage, async () => {
      await shows(report.getByText('₹1,200.00').first(), 5_000);
      expect(await report.getByText('₹1,200.00').count()).toBe(3);
    });
    for (const label of ['Total Earnings', 'This month', 'This week']) await shows(report.getByText(label));
    await shows(tutorPage.locator('.apexcharts-svg'), 30_000);
    await shows(tutorPage.getByText('Income in the last 7 days'));
    await tutorPage.getByRole('button', { name: '28 days' }).click();
    await shows(tutorPage.getByText('Income in the last 28 days'));
    await tutorPage.getByRole('button', { name: '365 days' }).click();
    await shows(tutorPage.getByText('Income in the last 365 days'));
    await shows(tutorPage.locator('.apexcharts-svg'), 30_000);
    // Where students drop off: the buyer started the uploaded lesson.
    await shows(tutorPage.getByText('Students who started and completed each item (%)'), 30_000);
    await shows(tutorPage.getByText('Viewers still watching, through each uploaded video (%)'));
    await tutorPage.waitForTimeout(800);
    await session.screenshot('tutor-analytics');

    await tutorPage
      .getByRole('navigation', { name: 'Profile' })
      .getByRole('link', { name: 'Payment History' })
      .click();
    const row = tutorPage.getByRole('row').filter({ hasText: updatedTitle });
    await shows(row, 30_000);
    for (const text of [buyerName, '₹1,500.00', 'Success']) await shows(row.getByText(text));
    await tutorPage.getByRole('button', { name: 'Today' }).click();
    await shows(row);
    await tutorPage.getByRole('button', { name: '7 days' }).click();
    await shows(row);
    await tutorPage.getByRole('button', { name: 'Clear filters' }).click();
    await shows(row);
    await session.screenshot('tutor-payment-history');
  }, 240_000);

  it('withdraws the balance once it is above ₹1000, and then cannot withdraw again', async () => {
    await tutorPage.goto('/profile/withdraw-money', { waitUntil: 'domcontentloaded' });
    await shows(tutorPage.getByTestId('available-balance'), 30_000);
    expect(await tutorPage.getByTestId('available-balance').textContent()).toBe('₹1,200.00');
    const withdraw = tutorPage.getByRole('button', { name: 'Withdraw' });
    expect(await withdraw.isEnabled()).toBe(true);
    expect(await tutorPage.getByText('Balance should be above 1000 to get withdrawl.').count()).toBe(0);
    await session.screenshot('tutor-withdraw-money');
    await withdraw.click();
    const row = tutorPage.getByRole('row').filter({ hasText: '₹1,200.00' });
    await shows(row.getByText('Processing'), 30_000);
    await expect.poll(() => tutorPage.getByTestId('available-balance').textContent()).toBe('₹0.00');
    expect(await tutorPage.getByRole('button', { name: 'Withdraw' }).isDisabled()).toBe(true);
    await shows(tutorPage.getByText('Balance should be above 1000 to get withdrawl.'));
  }, 120_000);

  it('creates a coupon for the course on the Coupons page, sees it listed and turns it off', async () => {
    await tutorPage
      .getByRole('navigation', { name: 'Profile' })
      .getByRole('link', { name: 'Coupons' })
      .click();
    await tutorPage.waitForURL('**/profile/coupons');
    const form = tutorPage.getByRole('form', { name: 'New coupon' });
    await shows(form, 30_000);
    await shows(tutorPage.getByText('No coupons yet'));
    const code = `TUT${stamp}`.toUpperCase();
    await form.getByLabel('Code').fill(code.toLowerCase());
    await form.getByLabel('Course').selectOption({ label: updatedTitle });
    await form.getByLabel('Discount (%)').fill('20');
    await form.getByLabel('Max uses').fill('50');
    await form.getByRole('button', { name: 'Create coupon' }).click();
    await shows(form.getByText(`Coupon ${code} created`), 30_000);
    const row = tutorPage.getByRole('row').filter({ hasText: code });
    await shows(row);
    for (const text of [updatedTitle, '20% off', '0 / 50']) await shows(row.getByText(text, { exact: true }));
    await session.screenshot('tutor-coupons');

    // The same code again is the server's to refuse, and the form says why.
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Discount (%)').fill('10');
    await form.getByRole('button', { name: 'Create coupon' }).click();
    await shows(form.getByText('A coupon with this code exists already'));
    expect(await tutorPage.getByRole('row').filter({ hasText: code }).count()).toBe(1);

    const onOff = row.getByRole('switch', { name: `${code} active` });
    expect(await onOff.isChecked()).toBe(true);
    await onOff.click();
    await shows(row.getByText('Off', { exact: true }));
    const tutor = await call<ResponseOf<'/api/v1/login', 'post'>>('POST', '/api/v1/login', {
      body: { username: tutorName, password: PASSWORD },
    });
    const mine = await call<ResponseOf<'/api/v1/coupons', 'get'>>('GET', '/api/v1/coupons', { as: tutor });
    expect(mine.data.find((c) => c.code === code)).toMatchObject({
      courseId,
      scope: 'course',
      percentOff: 20,
      maxUses: 50,
      perUser: 1,
      used: 0,
      active: false,
    });
  }, 120_000);

  it('deletes the course after confirming', async () => {
    await tutorPage.goto('/profile', { waitUntil: 'domcontentloaded' });
    const card = tutorPage.getByTestId('course-card').filter({ hasText: cardTitle });
    await shows(card, 30_000);
    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = tutorPage.getByRole('dialog');
    await shows(dialog.getByText('Are you sure ? You want to delete this course ?'));
    await session.screenshot('tutor-delete-course');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await shows(card);
    await card.getByRole('button', { name: 'Delete' }).click();
    await tutorPage.getByRole('dialog').getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(0);
    await tutorPage.reload({ waitUntil: 'domcontentloaded' });
    await shows(tutorPage.getByRole('link', { name: 'Add Course' }), 30_000);
    expect(await tutorPage.getByTestId('course-card').filter({ hasText: cardTitle }).count()).toBe(0);
    await tutorPage.goto('/courses', { waitUntil: 'domcontentloaded' });
    await shows(tutorPage.getByRole('heading', { name: 'All Courses' }), 30_000);
    await shows(tutorPage.getByTestId('course-card').first(), 30_000);
    expect(await tutorPage.getByRole('link', { name: cardTitle }).count()).toBe(0);
  }, 120_000);
});
