import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser, platform, shows } from './support/browser.ts';
import { enrollWithSuccessCard } from './support/checkout.ts';
import { fillCourse, fillVideo, myCourse, openCourseForm, showsInCatalog } from './support/course-form.ts';
import { eventually } from './support/page-helpers.ts';

/**
 * One journey across every role, through the pages only, against the platform as `npm start`
 * runs it: a visitor signs up and applies to teach, the admin approves, the new tutor publishes a
 * course, a second user buys it on the Razorpay sandbox, learns it and reviews it, the tutor sees
 * the earning and withdraws, and the admin sees the revenue, the profit and the withdrawal and
 * confirms it. Each role has its own browser context (its own session), as separate people would.
 */

const PASSWORD = 'a long password';
const stamp = Date.now().toString(36);
const tutorName = `jtutor${stamp}`;
const buyerName = `jbuyer${stamp}`;
const title = `Journey ${stamp} shipping services`;
const cardTitle = title.slice(0, 20);
const PRICE = 1500;

let session: BrowserSession;
let tutor: Page;
let admin: Page;
let buyer: Page;
const contexts: BrowserContext[] = [];
let courseId = '';
let buyerId = '';
let revenueBefore = 0;
let profitBefore = 0;

/** ₹1,23,456.50 → 123456.5 */
const rupeesIn = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

async function signUp(page: Page, username: string) {
  await page.goto('/signup', { waitUntil: 'domcontentloaded' });
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/email/i).fill(`${username}@example.com`);
  await page.getByLabel(/password/i).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/profile**', { timeout: 30_000 });
}

async function revenueFigure(label: string): Promise<number> {
  const figure = admin.locator(`dl[aria-label="${label}"] dd`);
  await shows(figure, 30_000);
  await expect.poll(() => figure.first().textContent(), { timeout: 20_000 }).toMatch(/₹/);
  return rupeesIn(await figure.first().textContent());
}

beforeAll(async () => {
  session = await openBrowser({ width: 1366, height: 900 });
  tutor = session.page;
  for (let i = 0; i < 2; i++) {
    const context = await session.browser.newContext({
      baseURL: platform().url,
      viewport: { width: 1366, height: 900 },
    });
    contexts.push(context);
  }
  admin = await (contexts[0] as BrowserContext).newPage();
  buyer = await (contexts[1] as BrowserContext).newPage();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await session?.close();
});

describe('one journey across all roles', () => {
  it('a visitor signs up and applies to teach', async () => {
    await signUp(tutor, tutorName);
    await tutor.goto('/teach-on-live-edu', { waitUntil: 'domcontentloaded' });
    await tutor.getByLabel('YouTube channel link').fill(`https://www.youtube.com/@${tutorName}`);
    await tutor.getByRole('button', { name: 'Submit application' }).click();
    await shows(tutor.getByText('Your application to become a tutor is under review.'));
  }, 90_000);

  it('the admin approves the application', async () => {
    await admin.goto('/login', { waitUntil: 'domcontentloaded' });
    await admin.getByLabel(/username/i).fill('admin');
    await admin.getByLabel(/password/i).fill(platform().adminPassword);
    await admin.getByRole('button', { name: 'Log in' }).click();
    await admin.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });

    await admin.goto('/dashboard/tutor-requests', { waitUntil: 'domcontentloaded' });
    const row = admin.getByRole('row').filter({ hasText: tutorName });
    await shows(row, 30_000);
    await shows(row.getByText('In Progress', { exact: true }));
    await row.getByRole('combobox', { name: `Status for ${tutorName}` }).selectOption({ label: 'Accept' });
    await row.getByRole('button', { name: `Confirm status for ${tutorName}` }).click();
    await shows(row.getByText('Accepted', { exact: true }));

    // What the dashboard shows before the sale, to see the sale arrive.
    await admin.goto('/dashboard/revenue', { waitUntil: 'domcontentloaded' });
    revenueBefore = await revenueFigure('Total Revenue');
    profitBefore = await revenueFigure('Total Profit');
  }, 90_000);

  it('the new tutor, without logging in again, publishes a course', async () => {
    await tutor.goto('/profile', { waitUntil: 'domcontentloaded' });
    await shows(tutor.getByRole('link', { name: 'Add Course' }), 30_000);
    await openCourseForm(tutor);
    await fillCourse(tutor, {
      thumbnail: [16, 122, 87],
      title,
      description: 'From a laptop to a cluster, one service at a time.',
      price: PRICE,
      benefits: 'Deploy without fear',
      prerequisites: 'A terminal',
    });
    await fillVideo(tutor.getByRole('group', { name: 'Section 1' }).getByRole('group', { name: 'Video 1' }), {
      sectionTitle: 'Images',
      title: 'Multi-stage builds',
      description: 'Small images with production dependencies only',
      link: 'https://videos.example.com/multi-stage.mp4',
    });
    await tutor.getByRole('button', { name: 'Create Course' }).click();
    await shows(tutor.getByText('Course created successfully'), 30_000);

    courseId = (await myCourse(tutor, cardTitle)).id;
    await showsInCatalog(tutor, cardTitle);
  }, 180_000);

  it('a second user buys it through the Razorpay sandbox', async () => {
    await signUp(buyer, buyerName);
    buyerId =
      (await buyer.evaluate(() =>
        (
          globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
        ).localStorage.getItem('id'),
      )) ?? '';
    await buyer.goto(`/viewCouse/${courseId}`, { waitUntil: 'domcontentloaded' });
    await shows(buyer.getByRole('heading', { name: title }), 30_000);
    await enrollWithSuccessCard(buyer, { email: `${buyerName}@example.com`, name: 'Journey Buyer' });
    await session.screenshot('journey-payment-success');
  }, 180_000);

  it('the buyer learns the course and reviews it', async () => {
    await buyer.goto('/profile', { waitUntil: 'domcontentloaded' });
    await eventually(buyer, () => shows(buyer.getByRole('link', { name: 'Start Learning' }), 5_000));
    await buyer.getByRole('link', { name: 'Start Learning' }).click();
    await buyer.waitForURL(`**/learn/${courseId}/user/${buyerId}`, { timeout: 30_000 });
    await shows(buyer.getByRole('heading', { level: 1, name: title }), 30_000);
    const player = buyer.locator('video');
    await shows(player);
    expect(await player.getAttribute('src')).toBe('https://videos.example.com/multi-stage.mp4');

    const form = buyer.getByRole('form', { name: 'Rate this course' });
    await form.locator('label', { hasText: '5 stars' }).click();
    await form.getByLabel('Review').fill(`Exactly what I needed to ship (${stamp}).`);
    await form.getByRole('button', { name: 'Submit review' }).click();
    await shows(buyer.getByText('Review added successfully'));

    await buyer.goto(`/viewCouse/${courseId}`, { waitUntil: 'domcontentloaded' });
    const reviews = buyer.locator('dt', { hasText: 'Reviews' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => reviews.innerText(), { timeout: 20_000 }).toBe('1');
  }, 120_000);

  it("the course page shows the rating by stars and the review, and the tutor's reply under it", async () => {
    await buyer.goto(`/viewCouse/${courseId}`, { waitUntil: 'domcontentloaded' });
    const bars = buyer.getByRole('list', { name: 'Ratings by stars' });
    await shows(bars.getByRole('button', { name: '5 stars 100% of reviews (1)' }), 30_000);
    const review = buyer.getByRole('list', { name: 'Reviews, newest first' }).getByRole('listitem').first();
    await shows(review.getByText(`Exactly what I needed to ship (${stamp}).`));
    expect(await review.getByRole('button', { name: 'Reply' }).count()).toBe(0);

    await tutor.goto(`/viewCouse/${courseId}`, { waitUntil: 'domcontentloaded' });
    const theirs = tutor.getByRole('list', { name: 'Reviews, newest first' }).getByRole('listitem').first();
    await theirs.getByRole('button', { name: 'Reply' }).click({ timeout: 30_000 });
    const form = tutor.getByRole('form', { name: `Reply to ${buyerName}` });
    await form.getByLabel(`Your reply to ${buyerName}`).fill('Thank you, and happy shipping!');
    await form.getByRole('button', { name: 'Save reply' }).click();
    await shows(theirs.getByRole('button', { name: 'Edit reply' }), 30_000);
    await session.screenshot('journey-tutor-reply');

    await buyer.reload({ waitUntil: 'domcontentloaded' });
    await shows(buyer.getByText(`Reply from ${tutorName}`), 30_000);
    await shows(buyer.getByText('Thank you, and happy shipping!'));
  }, 120_000);

  it('the tutor sees the earning and withdraws it', async () => {
    await tutor.goto('/profile/tutor-analytics', { waitUntil: 'domcontentloaded' });
    const report = tutor.getByLabel('Earnings report');
    // 80% of ₹1,500 after the platform's fee.
    await eventually(tutor, () => shows(report.getByText('₹1,200.00').first(), 5_000));

    await tutor.goto('/profile/withdraw-money', { waitUntil: 'domcontentloaded' });
    const bank = tutor.getByRole('form', { name: 'Bank details' });
    await shows(bank, 30_000);
    await bank.getByLabel('Full name').fill('Journey Tutor');
    await bank.getByLabel('Account number').fill('123456789012');
    await bank.getByLabel('Name of bank').fill('State Bank of India');
    await bank.getByLabel('IFSC').fill('SBIN0001234');
    await bank.getByRole('button', { name: 'Submit' }).click();
    await shows(tutor.getByTestId('available-balance'), 30_000);
    await expect.poll(() => tutor.getByTestId('available-balance').textContent()).toBe('₹1,200.00');
    await tutor.getByRole('button', { name: 'Withdraw' }).click();
    await shows(tutor.getByRole('row').filter({ hasText: '₹1,200.00' }).getByText('Processing'), 30_000);
    await expect.poll(() => tutor.getByTestId('available-balance').textContent()).toBe('₹0.00');
  }, 120_000);

  it('the admin sees the revenue, the profit and the withdrawal, and confirms it', async () => {
    await admin.goto('/dashboard/revenue', { waitUntil: 'domcontentloaded' });
    await eventually(admin, async () => {
      expect(await revenueFigure('Total Revenue')).toBeCloseTo(revenueBefore + PRICE, 2);
    });
    expect(await revenueFigure('Total Profit')).toBeCloseTo(profitBefore + PRICE * 0.2, 2);

    await admin.goto('/dashboard/all-payments', { waitUntil: 'domcontentloaded' });
    const payment = admin.getByRole('row').filter({ hasText: buyerName });
    await shows(payment, 30_000);
    await shows(payment.getByRole('link', { name: title }));
    await shows(payment.getByText('Success', { exact: true }));

    await admin.goto('/dashboard/withdrawl-requests', { waitUntil: 'domcontentloaded' });
    const row = admin.getByRole('row').filter({ hasText: tutorName });
    await shows(row, 30_000);
    await shows(row.getByText('Journey Tutor'));
    await shows(row.getByText('₹1,200'));
    await shows(row.getByText('Processing', { exact: true }));
    await row
      .getByRole('combobox', { name: `New status for the withdrawal of ${tutorName}` })
      .selectOption('Success');
    await row.getByRole('button', { name: `Confirm the status of the withdrawal of ${tutorName}` }).click();
    await shows(row.getByText('Success', { exact: true }), 30_000);
    await session.screenshot('journey-admin-withdrawal');

    // The tutor sees the withdrawal paid.
    await tutor.goto('/profile/withdraw-money', { waitUntil: 'domcontentloaded' });
    await eventually(tutor, () =>
      shows(tutor.getByRole('row').filter({ hasText: '₹1,200.00' }).getByText('Success'), 5_000),
    );
  }, 180_000);
});
