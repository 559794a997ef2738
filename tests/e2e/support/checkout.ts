import type { FrameLocator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { shows } from './browser.ts';

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
