import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REVENUE_FIGURES, type ResponseOf } from '@liveedu/api-client';
import { DEFAULT_DEMO_PASSWORD, DEMO_TUTOR } from '@liveedu/contracts';
import { payOrderOverHttp, TEST_CARDS } from '@liveedu/razorpay-sandbox';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser, platform, shows } from './support/browser.ts';
import { publishCourse } from './support/commerce.ts';

/**
 * The admin dashboard against the platform as `npm start` runs it. Every figure on screen is
 * compared with what the gateway answers at that moment, and the data behind it is made through
 * the real flows: sign-ups, a tutor application, a course, a Razorpay sandbox purchase, bank
 * details and a withdrawal.
 */

interface Auth {
  _id: string;
  token: string;
  username: string;
}

interface Answer<T> {
  status: number;
  body: T;
}

async function call<T>(
  method: string,
  path: string,
  opts: { as?: Auth; body?: unknown; form?: FormData } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.as) {
    headers.authorization = `Bearer ${opts.as.token}`;
    headers.id = opts.as._id;
  }
  let body: FormData | string | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const response = await fetch(`${platform().url}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

async function ok<T>(method: string, path: string, opts: Parameters<typeof call>[2] = {}): Promise<T> {
  const answer = await call<T>(method, path, opts);
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

async function logIn(username: string, password: string): Promise<Auth> {
  const r = await ok<ResponseOf<'/api/v1/login', 'post'>>('POST', '/api/v1/login', {
    body: { username, password },
  });
  return { _id: r._id, token: r.token, username };
}

let serial = 0;
/** A new student through the sign-up call, then logged in as the sign-up page does. */
async function signUp(prefix: string): Promise<Auth> {
  serial += 1;
  const username = `${prefix}${Date.now().toString(36)}${serial}`;
  const password = 'a long password';
  await ok('POST', '/api/v1/user-signUp', { body: { username, email: `${username}@example.com`, password } });
  return logIn(username, password);
}

const admin = () => logIn('admin', platform().adminPassword);
const count = async (as: Auth, what: string) =>
  (await ok<{ count: number }>('GET', `/api/v1/count-${what}`, { as })).count;

async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeout = 30_000,
): Promise<T> {
  const until = Date.now() + timeout;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const screenshots = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(screenshots, { recursive: true });

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
});

/**
 * A new browser context whose storage holds the user's id and token, as after a log-in; the
 * storage is written once on the site's origin, then `path` is opened.
 */
async function openAs(
  session: BrowserSession,
  who: Auth | null,
  path: string,
  viewport = { width: 1366, height: 900 },
) {
  const context = await session.browser.newContext({ viewport, baseURL: platform().url });
  const page = await context.newPage();
  if (who) {
    await page.goto('/app-config.json');
    await page.evaluate(
      ([id, token]) => {
        const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } })
          .localStorage;
        storage.setItem('id', id as string);
        storage.setItem('token', token as string);
      },
      [who._id, who.token],
    );
  }
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return { context, page };
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });

/** A 1×1 PNG: a course needs a thumbnail. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let session: BrowserSession;
let adminAuth: Auth;

beforeAll(async () => {
  adminAuth = await admin();
  session = await openBrowser({ width: 1366, height: 900 });
  // The admin logs in through the log-in page, which sends the user named admin to the dashboard.
  const { page } = session;
  await session.open('/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(platform().adminPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
});
afterAll(() => session?.close());

describe('all users: paging', () => {
  it("shows no 'Page x of y' with 7 users and 'Page 1 of 2' with 8", async () => {
    const { page } = session;
    // The platform is shared by every browser test file of the run and the demo seed adds users,
    // so the number of users is not known in advance. The test reads it from count-users and
    // signs users up until it is a multiple of 7 (7k), then adds one (7k + 1). When this file is
    // the first to make users (k = 1) that is exactly 7 users, no paging, then 8, 'Page 1 of 2'.
    // With more users the same rule is checked at the next boundary: 7k users fill k pages, the
    // last with exactly 7 rows, and one more user opens page k + 1 with one row.
    let users = await count(adminAuth, 'users');
    while (users % 7 !== 0 || users === 0) {
      await signUp('pg');
      users = await count(adminAuth, 'users');
    }
    const k = users / 7;
    await session.open('/dashboard/all-users');
    const list = page.getByRole('list', { name: 'All users' });
    await shows(list);
    await expect.poll(() => list.getByRole('listitem').count()).toBe(7);
    if (k === 1) {
      expect(await page.getByText(/Page \d+ of \d+/).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Page \d+$/ }).count()).toBe(0);
    } else {
      await shows(page.getByText(`Page 1 of ${k}`));
      expect(await page.getByRole('button', { name: /^Page \d+$/ }).count()).toBe(k);
      await page.getByRole('button', { name: `Page ${k}` }).click();
      await shows(page.getByText(`Page ${k} of ${k}`));
      await expect.poll(() => list.getByRole('listitem').count()).toBe(7);
    }
    await session.screenshot(`admin-all-users-${users}`);

    const extra = await signUp('pg');
    expect(await count(adminAuth, 'users')).toBe(users + 1);
    await session.open('/dashboard/all-users');
    await shows(page.getByText(`Page 1 of ${k + 1}`));
    expect(await page.getByRole('button', { name: /^Page \d+$/ }).count()).toBe(k + 1);
    // Newest first: the user just made opens page 1 …
    await shows(list.getByText(extra.username));
    expect(await list.getByRole('listitem').count()).toBe(7);
    // … and the last page holds the one user that does not fit on the others.
    await page.getByRole('button', { name: `Page ${k + 1}` }).click();
    await shows(page.getByText(`Page ${k + 1} of ${k + 1}`));
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await session.screenshot(`admin-all-users-${users + 1}`);
  });
});

describe('home', () => {
  it('shows the four totals the server counts and the newest users', async () => {
    const { page } = session;
    const newest = await signUp('home');
    const expected = {
      'Total users': await count(adminAuth, 'users'),
      'Total students': await count(adminAuth, 'students'),
      'Total tutors': await count(adminAuth, 'tutors'),
      'Total courses': await count(adminAuth, 'courses'),
    };
    expect(expected['Total tutors']).toBeGreaterThan(0);
    expect(expected['Total courses']).toBeGreaterThan(0);
    await session.open('/dashboard');
    for (const [label, value] of Object.entries(expected)) {
      await shows(page.locator(`dl[aria-label="${label}"]`).getByText(String(value), { exact: true }));
    }
    const recent = page.getByRole('list', { name: 'Recent users' });
    const row = recent.getByRole('listitem', { name: newest.username });
    await shows(row);
    await shows(row.getByText(`${newest.username}@example.com`));
    await shows(row.getByText('student', { exact: true }));
    await shows(row.getByRole('img', { name: `Avatar of ${newest.username}` }));
    const newUsers = await ok<ResponseOf<'/api/v1/new-users', 'get'>>('GET', '/api/v1/new-users', {
      as: adminAuth,
    });
    expect(await recent.getByRole('listitem').count()).toBe(newUsers.length);
    await session.screenshot('admin-home');
  });

  it('deletes a user after confirmation: gone from the list, their session and log-in refused', async () => {
    const { page } = session;
    const victim = await signUp('gone');
    const before = await count(adminAuth, 'users');
    await session.open('/dashboard');
    const recent = page.getByRole('list', { name: 'Recent users' });
    await shows(recent.getByRole('listitem', { name: victim.username }));
    await page.getByRole('button', { name: `Delete ${victim.username}` }).click();
    const dialog = page.getByRole('dialog');
    await shows(dialog.getByText(`Are you sure ? You want to delete ${victim.username} ?`));
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await recent.getByRole('listitem', { name: victim.username }).waitFor({ state: 'detached' });
    await shows(page.locator('dl[aria-label="Total users"]').getByText(String(before - 1), { exact: true }));
    expect(await count(adminAuth, 'users')).toBe(before - 1);

    const login = await call('POST', '/api/v1/login', {
      body: { username: victim.username, password: 'a long password' },
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
    const stale = await call('GET', '/api/v1/getUserData', { as: victim });
    expect(stale.status).toBeGreaterThanOrEqual(400);
  });
});

/** Picks the admin's decision in the applicant's row of the tutor requests, confirms it and waits for the row to show it. */
async function decideRequest(row: Locator, username: string, decision: 'Accept' | 'Reject') {
  await row.getByRole('combobox', { name: `Status for ${username}` }).selectOption({ label: decision });
  await row.getByRole('button', { name: `Confirm status for ${username}` }).click();
  await shows(row.getByText(decision === 'Accept' ? 'Accepted' : 'Rejected', { exact: true }));
}

/** The user's own data as the API answers them: their role and tutor application among it. */
const userDataOf = (as: Auth) =>
  ok<ResponseOf<'/api/v1/getUserData', 'get'>>('GET', '/api/v1/getUserData', { as });

describe('the money path and the decisions', () => {
  let applicant: Auth;
  let course: { _id: string; title: string; price: number };
  let buyer: Auth;

  it('tutor requests: shows the application, accepting it turns the applicant into a tutor', async () => {
    const { page } = session;
    applicant = await signUp('tut');
    const ytLink = `https://www.youtube.com/@${applicant.username}`;
    await ok('POST', '/api/v1/tutor-request-ytlink', { as: applicant, body: { ytLink } });

    await session.open('/dashboard/tutor-requests');
    const row = page.getByRole('row').filter({ hasText: applicant.username });
    await shows(row);
    await shows(row.getByText(`${applicant.username}@example.com`));
    expect(await row.getByRole('link', { name: 'ytLink' }).getAttribute('href')).toBe(ytLink);
    await shows(row.getByText('In Progress', { exact: true }));
    const select = row.getByRole('combobox', { name: `Status for ${applicant.username}` });
    expect(await select.locator('option').allTextContents()).toEqual(['Select status', 'Accept', 'Reject']);
    await session.screenshot('admin-tutor-requests');
    await decideRequest(row, applicant.username, 'Accept');
    expect(await userDataOf(applicant)).toMatchObject({ role: 'tutor', stausOfPage: 'accept' });
  });

  it('tutor requests: a resume opens through its link; rejecting leaves the applicant a student', async () => {
    const { page } = session;
    const other = await signUp('res');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'resume.png');
    await ok('POST', '/api/v1/tutor-request', { as: other, form });

    await session.open('/dashboard/tutor-requests');
    const row = page.getByRole('row').filter({ hasText: other.username });
    await shows(row);
    const href = await row.getByRole('link', { name: 'Resume' }).getAttribute('href');
    expect(href).toBeTruthy();
    const resume = await fetch(new URL(href as string, platform().url));
    expect(resume.status).toBe(200);
    // The resume as stored: the picture written again, a PNG still.
    expect(Buffer.from(await resume.arrayBuffer()).subarray(0, 8)).toEqual(PNG.subarray(0, 8));

    await decideRequest(row, other.username, 'Reject');
    expect(await userDataOf(other)).toMatchObject({ role: 'student', stausOfPage: 'reject' });
  });

  it('all payments and revenue: a sandbox purchase shows with its buyer and in every revenue figure', async () => {
    const { page } = session;
    const revenue = async () => {
      const names = REVENUE_FIGURES;
      const values = await Promise.all(
        names.map(async (n) => (await ok<{ money: number }>('GET', `/api/v1/${n}`, { as: adminAuth })).money),
      );
      return Object.fromEntries(names.map((n, i) => [n, values[i] as number]));
    };
    const before = await revenue();

    // The new tutor publishes a course …
    const title = `Admin E2E ${applicant.username}`;
    const courseId = await publishCourse(applicant, {
      title,
      desc: 'Bought in the dashboard browser test.',
      price: 2000,
      colour: [79, 70, 229],
      benefits: 'A purchase to count',
    });
    course = { _id: courseId, title, price: 2000 };

    // … and a student buys it on the Razorpay sandbox's hosted page.
    buyer = await signUp('buy');
    const order = await ok<ResponseOf<'/api/v1/checkout', 'post'>>('POST', '/api/v1/checkout', {
      as: buyer,
      body: { amount: course.price, paymentTo: applicant._id, course: course._id, paymentBy: buyer._id },
    });
    const config = await ok<{ razorpayCheckoutUrl: string }>('GET', '/app-config.json');
    const { key } = await ok<ResponseOf<'/api/v1/get-api-keys', 'get'>>('GET', '/api/v1/get-api-keys', {
      as: buyer,
    });
    const callbackUrl = `${platform().url}/api/v1/paymentVerification/${[order.orderId, course._id, buyer._id, applicant._id, String(course.price)].map(encodeURIComponent).join('/')}`;
    const paid = await payOrderOverHttp({
      sandboxUrl: new URL(config.razorpayCheckoutUrl).origin,
      keyId: key,
      orderId: order.orderId,
      callbackUrl,
      prefill: { email: `${buyer.username}@example.com` },
      card: TEST_CARDS.success,
      followCallback: true,
    });
    expect(paid.outcome).toBe('success');

    const after = await eventually('the revenue to count the purchase', async () => {
      const now = await revenue();
      return Math.abs((now.getTotalRevnue ?? 0) - (before.getTotalRevnue ?? 0) - course.price) < 0.005
        ? now
        : undefined;
    });
    expect(after.getTotalRevenueTwentyPercent).toBeCloseTo(
      (before.getTotalRevenueTwentyPercent ?? 0) + 400,
      2,
    );

    await session.open('/dashboard/revenue');
    const labels: [string, string][] = [
      ['Total Revenue', 'getTotalRevnue'],
      ['This Month', 'getTotalRevenueThisMonth'],
      ['This Week', 'getTotalRevenueThisWeek'],
      ['Total Profit', 'getTotalRevenueTwentyPercent'],
      ['This Month Profit', 'getTotalRevenueThisMonthTwentyPercent'],
      ['This Week Profit', 'getTotalRevenueThisWeektwentypercent'],
    ];
    for (const [label, call] of labels) {
      await shows(
        page.locator(`dl[aria-label="${label}"]`).getByText(rupees.format(after[call] ?? 0), { exact: true }),
      );
    }
    await session.screenshot('admin-revenue');

    await session.open('/dashboard/all-payments');
    const row = page.getByRole('row').filter({ hasText: order.orderId });
    await shows(row);
    await shows(row.getByText(buyer.username, { exact: true }));
    await shows(row.getByRole('link', { name: title }));
    await shows(row.getByText('Success', { exact: true }));
    await shows(row.getByText(rupees.format(course.price)));
    // Pages of every order (more load as the end scrolls into view), and how many there are in all.
    const all = await ok<ResponseOf<'/api/v1/all-payment-history', 'get'>>(
      'GET',
      '/api/v1/all-payment-history?limit=1',
      { as: adminAuth },
    );
    await shows(page.getByText(new RegExp(`^Showing \\d+ of ${all.total}$`)));
    const shownMatchesRows = async () => {
      const text = (await page.getByText(/^Showing \d+ of \d+$/).textContent()) ?? '';
      return Number(/^Showing (\d+)/.exec(text)?.[1]) === (await page.locator('tbody tr').count());
    };
    await expect.poll(shownMatchesRows).toBe(true);
    // 'Today' asks the server for today's orders, the purchase made a moment ago among them.
    const today = await ok<ResponseOf<'/api/v1/all-payment-history', 'get'>>(
      'GET',
      '/api/v1/all-payment-history?timePeriod=today',
      {
        as: adminAuth,
      },
    );
    await page.getByRole('button', { name: 'Today' }).click();
    await shows(page.getByText(new RegExp(`^Showing \\d+ of ${today.total}$`)));
    await shows(page.getByRole('row').filter({ hasText: order.orderId }));
    await session.screenshot('admin-all-payments');
  });

  it('withdrawal requests: shows the account to pay; Success reaches the tutor', async () => {
    const { page } = session;
    await ok('POST', '/api/v1/submit-account-details', {
      as: applicant,
      body: {
        fullName: 'Admin Test Tutor',
        accountNumber: '123456789012',
        nameOfBank: 'State Bank',
        ifsc: 'SBIN0001234',
      },
    });
    const balance = await eventually('the tutor to be credited', async () => {
      const b = (
        await ok<ResponseOf<'/api/v1/get-available-balance', 'get'>>('GET', '/api/v1/get-available-balance', {
          as: applicant,
        })
      ).earnings;
      return b > 1000 ? b : undefined;
    });
    expect(balance).toBe(1600);
    await ok('POST', '/api/v1/withdraw-request', { as: applicant, body: { amount: balance } });

    await session.open('/dashboard/withdrawl-requests');
    const row = page.getByRole('row').filter({ hasText: applicant.username });
    await shows(row);
    await shows(row.getByText(`${applicant.username}@example.com`));
    await shows(row.getByText('Admin Test Tutor'));
    await shows(row.getByText('123456789012'));
    await shows(row.getByText('State Bank'));
    await shows(row.getByText('SBIN0001234'));
    await shows(row.getByText(rupees.format(1600)));
    expect(await row.locator('td').nth(2).textContent()).toBe('Processing');
    await session.screenshot('admin-withdrawals');

    const select = row.getByRole('combobox', {
      name: `New status for the withdrawal of ${applicant.username}`,
    });
    await select.selectOption('Success');
    await row
      .getByRole('button', { name: `Confirm the status of the withdrawal of ${applicant.username}` })
      .click();
    // The Status column (User, Amount, Status, …) changes once the server took the new status.
    await expect.poll(() => row.locator('td').nth(2).textContent()).toBe('Success');
    const mine = await eventually('the tutor to see Success', async () => {
      const list = await ok<ResponseOf<'/api/v1/user-withdrawals', 'get'>>(
        'GET',
        '/api/v1/user-withdrawals',
        {
          as: applicant,
        },
      );
      return list.withdrawals.find((w) => w.status === 'Success');
    });
    expect(mine.amount).toBe(1600);
  });
});

describe('the refund queue', () => {
  it('shows a request the rule left to the admin, and approving it refunds the course through the sandbox', async () => {
    const { page } = session;
    // A tutor's course of one lecture, bought on the sandbox by a student who then watches all of
    // it: past the rule's 30%, so the request waits for the admin.
    const tutor = await signUp('rft');
    await ok('POST', '/api/v1/tutor-request-ytlink', {
      as: tutor,
      body: { ytLink: `https://www.youtube.com/@${tutor.username}` },
    });
    await ok('PUT', '/api/v1/acceptTutorRequest', {
      as: adminAuth,
      body: { option: 'accept', id: tutor._id },
    });
    const title = `Refund E2E ${tutor.username}`;
    const courseId = await publishCourse(tutor, {
      title,
      desc: 'Bought, watched and refunded in the dashboard browser test.',
      price: 1500,
      colour: [190, 18, 60],
      benefits: 'A refund to decide',
    });
    const student = await signUp('rfs');
    const order = await ok<ResponseOf<'/api/v1/checkout', 'post'>>('POST', '/api/v1/checkout', {
      as: student,
      body: { amount: 1500, paymentTo: tutor._id, course: courseId, paymentBy: student._id },
    });
    const config = await ok<{ razorpayCheckoutUrl: string }>('GET', '/app-config.json');
    const { key } = await ok<ResponseOf<'/api/v1/get-api-keys', 'get'>>('GET', '/api/v1/get-api-keys', {
      as: student,
    });
    const paid = await payOrderOverHttp({
      sandboxUrl: new URL(config.razorpayCheckoutUrl).origin,
      keyId: key,
      orderId: order.orderId,
      callbackUrl: `${platform().url}/api/v1/paymentVerification/${[order.orderId, courseId, student._id, tutor._id, '1500'].map(encodeURIComponent).join('/')}`,
      prefill: { email: `${student.username}@example.com` },
      card: TEST_CARDS.success,
      followCallback: true,
    });
    expect(paid.outcome).toBe('success');
    const learn = await eventually('the enrollment', async () => {
      const answer = await call<ResponseOf<'/api/v1/learn-course/{courseId}/user/{userId}', 'get'>>(
        'GET',
        `/api/v1/learn-course/${courseId}/user/${student._id}`,
        { as: student },
      );
      return answer.status === 200 ? answer.body : undefined;
    });
    for (const item of learn.courseContent.flat()) {
      await ok('PUT', `/api/v1/progress/${courseId}/${item._id}`, {
        as: student,
        body: { positionSec: 8, durationSec: 8, watchedRanges: [[0, 8]] },
      });
    }
    await eventually('the course to be completed', async () => {
      const progress = await ok<ResponseOf<'/api/v1/progress/{courseId}', 'get'>>(
        'GET',
        `/api/v1/progress/${courseId}`,
        { as: student },
      );
      return progress.percent >= 30 ? true : undefined;
    });
    const reason = 'The course was not what its description promised';
    const asked = await ok<{ _id: string; status: string; completedPercent?: number }>(
      'POST',
      '/api/v1/refund-requests',
      { as: student, body: { orderId: order.orderId, courseId, reason } },
    );
    expect(asked).toMatchObject({ status: 'pending', completedPercent: 100 });

    await session.open('/dashboard/refunds');
    const request = page.getByRole('article', { name: `Refund request of ${student.username} for ${title}` });
    await shows(request, 30_000);
    await shows(request.getByText('Pending', { exact: true }));
    await shows(request.getByText(rupees.format(1500)));
    await shows(request.getByText(reason));
    await shows(request.getByText('100%', { exact: true }));
    await shows(request.getByText(/^0 when asked/));
    await session.screenshot('admin-refunds');

    await request.getByLabel('Note').fill('Approved as a goodwill refund');
    await request.getByRole('button', { name: 'Approve' }).click();
    // The server's answer: approved, and Razorpay refunds it (its webhook may have come already).
    await shows(page.getByText(new RegExp(`^Approved ${student.username}’s request for ${title}: `)));
    await request.waitFor({ state: 'detached' });

    const refunded = await eventually('Razorpay to refund the course', async () => {
      const mine = await ok<ResponseOf<'/api/v1/refund-requests', 'get'>>('GET', '/api/v1/refund-requests', {
        as: student,
      });
      const found = mine.data.find((r) => r._id === asked._id);
      return found?.status === 'refunded' ? found : undefined;
    });
    expect(refunded).toMatchObject({
      decidedBy: 'admin',
      note: 'Approved as a goodwill refund',
      amount: 1500,
    });
    await page.getByRole('button', { name: 'Refunded', exact: true }).click();
    const done = page.getByRole('article', { name: `Refund request of ${student.username} for ${title}` });
    await shows(done);
    await shows(done.getByText('Refunded', { exact: true }));
    await shows(done.getByText('Approved as a goodwill refund'));
    expect(await done.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  }, 180_000);
});

describe('analytics', () => {
  it('draws the four charts; the monthly bars are the counts the server gives', async () => {
    const { page } = session;
    const users = await ok<ResponseOf<'/api/v1/new-users-per-month', 'get'>>(
      'GET',
      '/api/v1/new-users-per-month',
      {
        as: adminAuth,
      },
    );
    const courses = await ok<ResponseOf<'/api/v1/new-courses-per-month', 'get'>>(
      'GET',
      '/api/v1/new-courses-per-month',
      {
        as: adminAuth,
      },
    );
    await session.open('/dashboard/analytics');
    for (const title of [
      'New users in the last 28 days',
      'New courses in the last 28 days',
      'New users per month',
      'New courses per month',
    ]) {
      await shows(page.getByRole('figure', { name: title }).locator('svg.apexcharts-svg'));
    }
    // apexcharts gives each bar its value in a `val` attribute.
    const bars = async (title: string) => {
      const chart = page.getByRole('figure', { name: title });
      await expect.poll(() => chart.locator('path[val]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      return await chart
        .locator('path[val]')
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute('val'))));
    };
    expect(await bars('New users per month')).toEqual(users.userCounts);
    expect(await bars('New courses per month')).toEqual(courses.courseCounts);
    expect(users.userCounts.at(-1)).toBeGreaterThan(0);
    await session.screenshot('admin-analytics');
  });
});

describe('who may see the dashboard', () => {
  it('sends a student, a tutor and a visitor from /dashboard to /', async () => {
    const student = await signUp('stu');
    const tutor = await logIn(DEMO_TUTOR.username, DEFAULT_DEMO_PASSWORD);
    for (const who of [student, tutor, null]) {
      const { context, page } = await openAs(session, who, '/dashboard/all-users');
      try {
        await page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 });
        expect(await page.getByRole('button', { name: 'LogOut' }).count()).toBe(0);
        expect(await page.getByRole('list', { name: 'All users' }).count()).toBe(0);
      } finally {
        await context.close();
      }
    }
  });

  it('asks for a desktop on a phone-sized screen', async () => {
    const { context, page } = await openAs(session, adminAuth, '/dashboard', { width: 390, height: 844 });
    try {
      await shows(page.getByText('Please view the dashboard in desktop view'));
      expect(await page.getByRole('navigation', { name: 'Dashboard' }).count()).toBe(0);
      await shot(page, 'admin-mobile');
    } finally {
      await context.close();
    }
  });

  it('LogOut clears the session and storage and reloads at /', async () => {
    const { context, page } = await openAs(session, adminAuth, '/dashboard');
    try {
      await shows(page.getByRole('navigation', { name: 'Dashboard' }));
      for (const name of [
        'Dashboard',
        'Analytics',
        'Revenue',
        'Withdrawal Requests',
        'All Payments',
        'Refunds',
        'Coupons',
        'Reports',
        'Tutor Requests',
        'All Users',
      ]) {
        await shows(
          page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true }),
        );
      }
      await page.getByRole('button', { name: 'LogOut' }).click();
      await page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 });
      await shows(page.getByRole('link', { name: 'Log in' }));
      const stored = await page.evaluate(
        () => (globalThis as unknown as { localStorage: { length: number } }).localStorage.length,
      );
      expect(stored).toBe(0);
    } finally {
      await context.close();
    }
  });
});
