import type { FrameLocator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Auth } from './api.ts';
import { platform, shows } from './browser.ts';

/** The sandbox's cards: the first is paid, the second declined. */
export const SUCCESS_CARD = '4111 1111 1111 1111';

/**
 * Buys a course as a signed-in student does: "Enroll Now" on its page, then the card in the
 * provider's window, which shows the buyer's email prefilled. Answers the window for what follows.
 */
export async function payOnCoursePage(
  page: Page,
  courseId: string,
  card: string,
  email: string,
): Promise<FrameLocator> {
  await page.goto(`/viewCouse/${courseId}`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Enroll Now' }).click();
  return payInWindow(page, card, email);
}

/**
 * Pays in the provider's window the page has just opened (a course's or a cart's order): the
 * buyer's email prefilled, an amount in rupees shown, then the card. Answers the window.
 */
export async function payInWindow(page: Page, card: string, email: string): Promise<FrameLocator> {
  const frame = page.frameLocator('iframe.razorpay-checkout-frame');
  await shows(frame.locator('#card-number'));
  expect(await frame.locator('#email').inputValue()).toBe(email);
  await expect.poll(() => frame.locator('body').innerText()).toMatch(/₹/);
  await frame.locator('#card-number').fill(card);
  await frame.locator('#card-expiry').fill('12/39');
  await frame.locator('#card-cvv').fill('123');
  await frame.locator('#rzp-pay').click();
  return frame;
}

/**
 * From a course page: "Enroll Now", then the success card in the provider's window by the labels a
 * person reads (the email filled in when the window did not prefill it), then the success page.
 */
export async function enrollWithSuccessCard(
  page: Page,
  buyer: { email: string; name: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Enroll Now' }).click();
  const checkout = page.frameLocator('iframe').first();
  await checkout.getByLabel('Card number').fill(SUCCESS_CARD, { timeout: 30_000 });
  const email = checkout.getByLabel('Email');
  if ((await email.inputValue()) === '') await email.fill(buyer.email);
  await checkout.getByLabel('Name on card').fill(buyer.name);
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/39');
  await checkout.getByLabel('CVV').fill('123');
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL('**/paymentsuccess**', { timeout: 60_000 });
  await shows(page.getByText('PAYMENT SUCCESSFUL'));
}

/**
 * Buys a course as the signed-in `buyer` does on its page with the success card, then waits for
 * the enrolment that follows the payment's event (the buyer's progress in it answers).
 */
export async function buyAndAwaitEnrolment(
  page: Page,
  courseId: string,
  buyer: Auth,
  email: string,
): Promise<void> {
  await payOnCoursePage(page, courseId, SUCCESS_CARD, email);
  await page.waitForURL('**/paymentsuccess?reference=*', { timeout: 30_000 });
  await expect
    .poll(
      async () =>
        (
          await fetch(`${platform().url}/api/v1/progress/${courseId}`, {
            headers: { authorization: `Bearer ${buyer.token}`, id: buyer._id },
          })
        ).status,
      { timeout: 30_000 },
    )
    .toBe(200);
}
