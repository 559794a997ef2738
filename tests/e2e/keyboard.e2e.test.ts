import type { CourseCard, ResponseOf } from '@liveedu/api-client';
import { DEMO_TUTOR } from '@liveedu/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api.ts';
import { type BrowserSession, openBrowser } from './support/browser.ts';
import { SUCCESS_CARD } from './support/checkout.ts';
import { eventually, playsPast } from './support/page-helpers.ts';

/**
 * The whole purchase with the keyboard alone: log in, find a course by searching, buy it on the
 * payment provider's card form and play a lecture — every step reached with Tab and used with
 * Enter, typing or the player's keys, never a click.
 */

const PASSWORD = 'a long password';
const username = `keys${Date.now().toString(36)}`;
let session: BrowserSession;
let page: Page;
let course: CourseCard;

beforeAll(async () => {
  session = await openBrowser();
  page = session.page;
  await call('POST', '/api/v1/user-signUp', {
    body: { username, email: `${username}@example.com`, password: PASSWORD },
  });
  const all = await call<ResponseOf<'/api/v1/courses', 'get'>>('GET', '/api/v1/courses');
  course = all.courses.find((c) => c.courseCreatedBy.username === DEMO_TUTOR.username) as CourseCard;
});
afterAll(() => session?.close());

/** What the focused control is called (its label, name or text), in the page or the frame holding focus. */
async function focused(): Promise<string> {
  const describe = () => {
    const doc = (globalThis as unknown as { document: { hasFocus(): boolean; activeElement: unknown } })
      .document;
    const el = doc.activeElement as {
      tagName: string;
      getAttribute(n: string): string | null;
      labels?: ArrayLike<{ textContent: string | null }> | null;
      textContent: string | null;
    } | null;
    if (!el || el.tagName === 'BODY') return '';
    if (el.tagName === 'IFRAME') return '#frame';
    const text =
      el.getAttribute('aria-label') ||
      (el.labels && el.labels.length > 0 ? el.labels[0]!.textContent : '') ||
      el.textContent ||
      el.getAttribute('placeholder') ||
      '';
    return text.replace(/\s+/g, ' ').trim();
  };
  const here = await page.evaluate(describe);
  if (here !== '#frame') return here;
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    const inner = await frame.evaluate(describe).catch(() => '');
    if (inner && inner !== '#frame') return inner;
  }
  return here;
}

/** Presses Tab until the focused control's name matches, as a keyboard user moves through a page. */
async function tabTo(name: RegExp, most = 120): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < most; i += 1) {
    await page.keyboard.press('Tab');
    const now = await focused();
    if (name.test(now)) return;
    seen.push(now);
  }
  throw new Error(`Tab never reached ${name}; it went through: ${seen.join(' | ')}`);
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the keyboard alone', () => {
  it('logs in, finds a course, buys it with the test card and plays a lecture', async () => {
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await tabTo(/username/i);
    await page.keyboard.type(username);
    await tabTo(/password/i);
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });

    // Find it: the navigation's Courses, then the search.
    await tabTo(/^Courses$/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/courses', { timeout: 30_000 });
    await tabTo(/Search courses/);
    await page.keyboard.type(course.title);
    await page.keyboard.press('Enter');
    await tabTo(new RegExp(literal(course.title.slice(0, 15))));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/viewCouse/${course._id}`, { timeout: 30_000 });

    // Buy it on the provider's form, field by field.
    await tabTo(/^Enroll Now$/);
    await page.keyboard.press('Enter');
    await page.frameLocator('iframe').first().getByLabel('Card number').waitFor({ timeout: 30_000 });
    await tabTo(/Card number/);
    await page.keyboard.type(SUCCESS_CARD);
    await tabTo(/^Email/);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(`${username}@example.com`);
    await tabTo(/Name on card/);
    await page.keyboard.type('Keyboard Student');
    await tabTo(/Expiry/);
    await page.keyboard.type('12/39');
    await tabTo(/CVV/);
    await page.keyboard.type('123');
    await tabTo(/^Pay/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/paymentsuccess**', { timeout: 60_000 });

    // To the course, once the purchase is recorded, and play its first lecture.
    await tabTo(/Go to my courses/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/profile', { timeout: 30_000 });
    await eventually(page, async () => {
      await page.getByRole('link', { name: 'Start Learning' }).first().waitFor({ timeout: 5_000 });
    });
    await tabTo(/^Start Learning$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/learn/${course._id}/user/**`, { timeout: 30_000 });
    const video = page.locator('[data-testid="hls-player"]');
    await video.waitFor({ timeout: 30_000 });
    const lecture =
      (await page.locator('[tabindex="0"][aria-label]').filter({ has: video }).getAttribute('aria-label')) ??
      '';
    await tabTo(new RegExp(`^${literal(lecture)}$`));
    await page.keyboard.press('k');
    await playsPast(video, 0.5);
    await page.keyboard.press('k');
    expect(await video.evaluate((v) => (v as unknown as { paused: boolean }).paused)).toBe(true);
  }, 240_000);
});
