import type { CourseCard, LoginResponse, ResponseOf } from '@liveedu/api-client';
import { DEFAULT_DEMO_PASSWORD, DEMO_STUDENTS, DEMO_TUTOR } from '@liveedu/contracts';
import { PAGE_ROUTES } from '@liveedu/platform-registry';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api.ts';
import { type BrowserSession, openBrowser, platform, shows } from './support/browser.ts';

/**
 * Every page of the site under its content security policy: the gateway sends the policy with
 * the page, and no page a visitor, a student or the admin opens (nor any frame or worker of it)
 * has anything refused. Every other browser test watches for refusals as well (support/browser.ts).
 */

let session: BrowserSession;
let course: CourseCard;

beforeAll(async () => {
  session = await openBrowser();
  const all = await call<ResponseOf<'/api/v1/courses', 'get'>>('GET', '/api/v1/courses');
  course = all.courses.find((c) => c.courseCreatedBy.username === DEMO_TUTOR.username) as CourseCard;
});
afterAll(() => session?.close());

/** A path for each of the site's routes, with real values where they name something. */
function tourPaths(userId: string): string[] {
  const values: Record<string, string> = {
    cat: course.category,
    username: DEMO_TUTOR.username,
    id: course._id,
    certificateId: '0'.repeat(32),
    courseid: course._id,
    userid: userId,
  };
  return PAGE_ROUTES.map((route) =>
    route.path
      .replace(/\/\*$/, '')
      .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x')),
  );
}

/** Opens the path and lets its scripts, styles, frames and workers load. */
async function visit(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
}

async function logIn(page: Page, username: string, password: string) {
  await visit(page, '/login');
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
}

/** Logs in on a browser context of its own, lets `tour` open pages there, then closes the context. */
async function tourAs(username: string, password: string, tour: (page: Page) => Promise<void>) {
  const context = await session.browser.newContext({ baseURL: platform().url });
  const page = await context.newPage();
  try {
    await logIn(page, username, password);
    await tour(page);
  } finally {
    await context.close();
  }
}

/** Every link of the navigation named `name`, followed in turn. */
async function followNavigation(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name });
  await shows(nav, 30_000);
  const hrefs = await nav
    .getByRole('link')
    .evaluateAll((links) =>
      links.map(
        (a) => (a as unknown as { getAttribute(name: string): string | null }).getAttribute('href') ?? '',
      ),
    );
  expect(hrefs.length).toBeGreaterThan(2);
  for (const href of hrefs) await visit(page, href);
}

describe('the content security policy', () => {
  it('comes with every page, refusing eval, inline scripts and framing', async () => {
    const response = await fetch(`${platform().url}/courses`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('is noticed when something breaks it', async () => {
    const { page } = session;
    await visit(page, '/');
    await page.evaluate(() => {
      const doc = (
        globalThis as unknown as {
          document: {
            createElement(t: string): { textContent: string };
            head: { appendChild(n: unknown): void };
          };
        }
      ).document;
      const script = doc.createElement('script');
      script.textContent = 'window.injected = true';
      doc.head.appendChild(script);
    });
    await expect.poll(() => session.policyViolations.length).toBeGreaterThan(0);
    expect(session.policyViolations.join('\n')).toMatch(/inline script/i);
    session.policyViolations.length = 0;
  });

  it('refuses nothing on any page a visitor opens', async () => {
    for (const path of tourPaths('0'.repeat(24))) await visit(session.page, path);
    expect(session.policyViolations).toEqual([]);
  }, 180_000);

  it('refuses nothing on the pages of a student, the player included', async () => {
    const student = DEMO_STUDENTS[0]!;
    await tourAs(student.username, DEFAULT_DEMO_PASSWORD, async (page) => {
      const me = await call<LoginResponse>('POST', '/api/v1/login', {
        body: { username: student.username, password: DEFAULT_DEMO_PASSWORD },
      });
      for (const path of tourPaths(me._id)) await visit(page, path);
      await visit(page, '/profile');
      await followNavigation(page, 'Profile');
    });
    expect(session.policyViolations).toEqual([]);
  }, 240_000);

  it('refuses nothing on the pages of the admin', async () => {
    await tourAs('admin', platform().adminPassword, async (page) => {
      await visit(page, '/dashboard');
      await followNavigation(page, 'Dashboard');
    });
    expect(session.policyViolations).toEqual([]);
  }, 180_000);
});
