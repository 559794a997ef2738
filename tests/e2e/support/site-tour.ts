/**
 * A walk over every page of the site, as a visitor and as each role: the paths of the registry's
 * routes with real values filled in, log-in on a context of its own, and the links of a
 * navigation followed in turn. The policy and accessibility tests take the same walk.
 */
import type { CourseCard, LoginResponse, ResponseOf } from '@liveedu/api-client';
import { DEMO_TUTOR } from '@liveedu/contracts';
import { PAGE_ROUTES } from '@liveedu/platform-registry';
import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { call } from './api.ts';
import { type BrowserSession, openBrowser, platform, shows } from './browser.ts';

export interface SiteTour {
  /** The browser the tour opened; close it when done. */
  session: BrowserSession;
  /** A path for each of the site's routes, with real values where they name something. */
  paths(userId: string): string[];
  /**
   * Logs in on a browser context of its own (of the given screen size), lets `walk` open pages
   * there, then closes it.
   */
  as(
    username: string,
    password: string,
    walk: (page: Page, userId: string) => Promise<void>,
    viewport?: { width: number; height: number },
  ): Promise<void>;
  /** A visitor's own context of the given screen size, closed after `walk`. */
  visitor(walk: (page: Page) => Promise<void>, viewport?: { width: number; height: number }): Promise<void>;
}

/** A signed-in page keeps its notification stream open for as long as it is shown. */
const LIVE_STREAM = /\/api\/v1\/notifications\/stream(\?|$)/;

/**
 * Opens the path and lets its scripts, styles, frames and workers load: until no request but the
 * live notification stream has been in flight for half a second (at most 15 s). Playwright's
 * `networkidle` never comes for a signed-in page, whose stream stays open.
 */
export async function visit(page: Page, path: string): Promise<void> {
  const pending = new Set<Request>();
  const start = (request: Request) => {
    if (!LIVE_STREAM.test(request.url())) pending.add(request);
  };
  const end = (request: Request) => pending.delete(request);
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const deadline = Date.now() + 15_000;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      await page.waitForTimeout(100);
      if (pending.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= 500) break;
    }
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

async function logIn(page: Page, username: string, password: string) {
  await visit(page, '/login');
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
}

/** The hrefs of every link of the navigation named `name`. */
export async function navigationLinks(page: Page, name: string): Promise<string[]> {
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
  return hrefs;
}

/** A browser and the tour over the demo catalog: its tutor's first listed course names the course pages. */
export async function openSiteTour(): Promise<SiteTour> {
  const session = await openBrowser();
  const all = await call<ResponseOf<'/api/v1/courses', 'get'>>('GET', '/api/v1/courses');
  const course = all.courses.find((c) => c.courseCreatedBy.username === DEMO_TUTOR.username) as CourseCard;
  return {
    session,
    paths(userId) {
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
    },
    async visitor(walk, viewport) {
      const context = await session.browser.newContext({
        baseURL: platform().url,
        ...(viewport ? { viewport } : {}),
      });
      try {
        await walk(await context.newPage());
      } finally {
        await context.close();
      }
    },
    async as(username, password, walk, viewport) {
      const context = await session.browser.newContext({
        baseURL: platform().url,
        ...(viewport ? { viewport } : {}),
      });
      const page = await context.newPage();
      try {
        await logIn(page, username, password);
        const me = await call<LoginResponse>('POST', '/api/v1/login', { body: { username, password } });
        await walk(page, me._id);
      } finally {
        await context.close();
      }
    },
  };
}
