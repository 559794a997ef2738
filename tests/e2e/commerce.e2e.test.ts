import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { installPdftotext } from '@liveedu/local-servers';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedTutor, signUpAndLogIn } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { type BrowserSession, openBrowser, shows } from './support/browser.ts';
import { payInWindow, SUCCESS_CARD } from './support/checkout.ts';
import { logInOnPage, publishCourse, tutorCoupon } from './support/commerce.ts';
import { eventually } from './support/page-helpers.ts';

/**
 * A student's purchase with a coupon, as a person makes it: the code checked on a course page,
 * two courses put in the cart, the cart checked out and paid with the test card on the sandbox's
 * page, then order history: both courses paid with the coupon, the tax invoice downloaded and
 * read back, and a refund of one course asked for and approved by the rule. The steps share the
 * student's browser, so they run in order.
 */

const stamp = Date.now().toString(36);
const COUPON = `SAVE${stamp}`.toUpperCase().slice(0, 20);
const courses = {
  first: {
    title: `Carts ${stamp} one`,
    price: 500,
    colour: [30, 64, 175] as [number, number, number],
    id: '',
  },
  second: {
    title: `Carts ${stamp} two`,
    price: 300,
    colour: [21, 128, 61] as [number, number, number],
    id: '',
  },
};
const studentName = `cbuyer${stamp}`;
const run = promisify(execFile);

let session: BrowserSession;
let pdftotext: string;
let scratch: string;
let invoiceNumber = '';

/** The order-history row of a course. */
const row = (title: string): Locator => session.page.getByRole('row').filter({ hasText: title });

beforeAll(async () => {
  pdftotext = await installPdftotext({ log: (line) => console.log(`[pdftotext] ${line}`) });
  scratch = await mkdtemp(join(tmpdir(), 'liveedu-commerce-'));
  const tutor = await approvedTutor(`ctutor${stamp}`);
  courses.first.id = await publishCourse(tutor, courses.first);
  courses.second.id = await publishCourse(tutor, courses.second);
  // 20% off every course of the tutor's.
  await tutorCoupon(tutor, COUPON, 20);
  await signUpAndLogIn(studentName);
  session = await openBrowser();
}, 600_000);

afterAll(async () => {
  await session?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('buying a cart with a coupon, its invoice and a refund', () => {
  it('shows a course at the coupon’s price, struck through beside the list price', async () => {
    const { page } = session;
    await logInOnPage(page, studentName);
    await session.open(`/viewCouse/${courses.first.id}`);
    const coupon = page.getByRole('form', { name: 'Coupon' });
    await coupon.getByLabel('Have a coupon?').fill(COUPON.toLowerCase());
    await coupon.getByRole('button', { name: 'Apply' }).click();
    await shows(coupon.getByText(`${COUPON}: The coupon applies to this course`));
    expect(await seriousViolations(session.page)).toEqual([]);
    const pay = page.getByText('You pay').locator('..');
    expect(await pay.locator('s').innerText()).toContain('₹500.00');
    expect(await pay.locator('strong').innerText()).toContain('₹400.00');
    await session.screenshot('commerce-course-coupon');
  });

  it('puts both courses in the cart, and the header counts them', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await shows(page.getByRole('link', { name: 'In cart' }));
    await shows(page.getByRole('link', { name: 'Cart, 1 course' }));
    await session.open(`/viewCouse/${courses.second.id}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await shows(page.getByRole('link', { name: 'In cart' }));
    await shows(page.getByRole('link', { name: 'Cart, 2 courses' }));
  });

  it('checks the cart out with the coupon and pays it with the test card on the sandbox', async () => {
    const { page } = session;
    await page.getByRole('link', { name: 'Cart, 2 courses' }).click();
    await page.waitForURL('**/cart');
    const lines = page.getByRole('list', { name: 'Courses in your cart' });
    await shows(lines.getByRole('link', { name: courses.first.title }));
    await shows(lines.getByRole('link', { name: courses.second.title }));
    const coupon = page.getByRole('form', { name: 'Coupon' });
    await coupon.getByLabel('Have a coupon?').fill(COUPON);
    await coupon.getByRole('button', { name: 'Apply' }).click();
    await shows(coupon.getByText(`${COUPON}: `));
    const total = page.getByText(/^Total \(2 courses\)/).locator('..');
    await expect.poll(() => total.locator('strong').innerText()).toContain('₹640.00');
    expect(await total.locator('s').innerText()).toContain('₹800.00');
    await page.getByLabel('Your state (for the tax invoice)').selectOption({ label: 'Maharashtra' });
    expect(await seriousViolations(session.page)).toEqual([]);
    await session.screenshot('commerce-cart');

    await page.getByRole('button', { name: 'Checkout' }).click();
    // The sandbox's page asks for what the order charges: the whole cart, less the coupon.
    const amount = page.frameLocator('iframe.razorpay-checkout-frame').locator('.amount');
    await shows(amount, 30_000);
    expect(await amount.innerText()).toBe('₹640.00');
    await payInWindow(page, SUCCESS_CARD, `${studentName}@example.com`);
    await page.waitForURL('**/paymentsuccess?reference=*', { timeout: 60_000 });
    await shows(page.getByText('PAYMENT SUCCESSFUL'));
  });

  it('lists both courses paid with the coupon in order history, and downloads the invoice as a PDF', async () => {
    const { page } = session;
    // The invoice is issued when payments sees the payment's event: the page may need a moment.
    await eventually(page, async () => {
      if (!page.url().endsWith('/profile/order-history')) await session.open('/profile/order-history');
      for (const course of [courses.first, courses.second]) {
        await shows(row(course.title).getByRole('button', { name: /^Invoice / }), 3_000);
      }
    });
    const first = row(courses.first.title);
    const second = row(courses.second.title);
    for (const [line, paid, list] of [
      [first, '₹400.00', '₹500.00'],
      [second, '₹240.00', '₹300.00'],
    ] as const) {
      const text = await line.innerText();
      expect(text).toContain('Success');
      expect(text).toContain(COUPON);
      expect(await line.locator('strong').first().innerText()).toContain(paid);
      expect(await line.locator('s').first().innerText()).toContain(list);
    }
    const invoice = first.getByRole('button', { name: /^Invoice / });
    invoiceNumber = (await invoice.innerText()).replace(/^Invoice\s+/, '').trim();
    expect(invoiceNumber).toMatch(/^LE\/\d{4}-\d{2}\/\d{6}$/);
    // One order paid both courses: one invoice.
    expect(await second.getByRole('button', { name: /^Invoice / }).innerText()).toContain(invoiceNumber);
    await session.screenshot('commerce-order-history');

    const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber.replaceAll('/', '-')}.pdf`);
    const file = join(scratch, 'invoice.pdf');
    await download.saveAs(file);
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { stdout } = await run(pdftotext, ['-layout', '-enc', 'UTF-8', file, '-']);
    expect(stdout).toContain(invoiceNumber);
    expect(stdout).toContain(courses.first.title);
    expect(stdout).toContain(courses.second.title);
    expect(stdout).toContain('Maharashtra');
  });

  it('asks for a refund of one course and sees it approved by the rule', async () => {
    const { page } = session;
    const first = row(courses.first.title);
    expect(await first.innerText()).toContain('Refundable until');
    await first.getByRole('button', { name: `Refund ${courses.first.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask for a refund' });
    await shows(dialog.getByText('Refundable within 30 days of purchase', { exact: false }));
    expect(await seriousViolations(session.page)).toEqual([]);
    await dialog.getByLabel('Reason').fill('I bought it twice by mistake');
    await dialog.getByRole('button', { name: 'Ask for refund' }).click();
    await shows(page.getByText('Your refund is approved: the money goes back to your card'));
    await shows(first.getByText(/^(Refund approved|Refunded)$/));
    // Razorpay's refund.processed makes it a fact: the line says Refunded, with its credit note.
    await eventually(page, async () => {
      await shows(row(courses.first.title).getByText('Refunded', { exact: true }), 3_000);
      await shows(row(courses.first.title).getByRole('button', { name: /^Credit note / }), 3_000);
    });
    // The other course stays bought.
    expect(await row(courses.second.title).innerText()).not.toMatch(/Refund(ed| approved)/);
    await session.screenshot('commerce-refunded');
  });
});
