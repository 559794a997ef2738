import AxeBuilder from '@axe-core/playwright';
import { DEFAULT_DEMO_PASSWORD, DEMO_STUDENTS, DEMO_TUTOR } from '@liveedu/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platform, shows } from './support/browser.ts';
import { navigationLinks, openSiteTour, type SiteTour, visit } from './support/site-tour.ts';

/**
 * Every page of the four remotes, as a visitor, a student, a tutor and the admin, audited by
 * axe-core against WCAG 2.1 A and AA: no serious or critical violation anywhere.
 */

let tour: SiteTour;
beforeAll(async () => {
  tour = await openSiteTour();
});
afterAll(() => tour?.session.close());

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical violations on the page at `path`, one line each, naming where. */
async function audit(page: Page, path: string): Promise<string[]> {
  await visit(page, path);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${path} ${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

/** What `check` finds on each page in turn, all together. */
async function eachPage(page: Page, paths: string[], check: (page: Page, path: string) => Promise<string[]>) {
  const found: string[] = [];
  for (const path of paths) found.push(...(await check(page, path)));
  return found;
}

const auditAll = (page: Page, paths: string[]) => eachPage(page, paths, audit);

describe('accessibility', () => {
  it('finds what it audits: a page made inaccessible on purpose fails', async () => {
    const { page } = tour.session;
    await visit(page, '/');
    await page.evaluate(() => {
      const doc = (
        globalThis as unknown as { document: { body: { insertAdjacentHTML(w: string, h: string): void } } }
      ).document;
      doc.body.insertAdjacentHTML('beforeend', '<img src="/missing.png"><button></button>');
    });
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
    expect(violations.map((v) => v.id)).toEqual(expect.arrayContaining(['image-alt', 'button-name']));
  });

  it('has no serious or critical violation on any page a visitor opens', async () => {
    expect(await auditAll(tour.session.page, tour.paths('0'.repeat(24)))).toEqual([]);
  }, 300_000);

  it("has none on a student's pages, the player included", async () => {
    const student = DEMO_STUDENTS[0]!;
    let found: string[] = [];
    await tour.as(student.username, DEFAULT_DEMO_PASSWORD, async (page, userId) => {
      await visit(page, '/profile');
      const profile = await navigationLinks(page, 'Profile');
      found = await auditAll(page, [...tour.paths(userId), ...profile]);
    });
    expect(found).toEqual([]);
  }, 300_000);

  it("has none on a tutor's pages", async () => {
    let found: string[] = [];
    await tour.as(DEMO_TUTOR.username, DEFAULT_DEMO_PASSWORD, async (page) => {
      await visit(page, '/profile');
      found = await auditAll(page, await navigationLinks(page, 'Profile'));
    });
    expect(found).toEqual([]);
  }, 300_000);

  it("has none on the admin's pages", async () => {
    let found: string[] = [];
    await tour.as('admin', platform().adminPassword, async (page) => {
      await visit(page, '/dashboard');
      found = await auditAll(page, ['/dashboard', ...(await navigationLinks(page, 'Dashboard'))]);
    });
    expect(found).toEqual([]);
  }, 300_000);
});

const PHONE = { width: 360, height: 740 };

/** What sticks out past the right edge of the page at `path` (the page scrolls sideways), if anything. */
async function overflow(page: Page, path: string): Promise<string[]> {
  await visit(page, path);
  const found = await page.evaluate(() => {
    type Element = {
      tagName: string;
      className: unknown;
      getBoundingClientRect(): { right: number; width: number };
    };
    const doc = (
      globalThis as unknown as {
        document: {
          documentElement: { scrollWidth: number };
          body: { querySelectorAll(selector: string): Iterable<Element> };
        };
      }
    ).document;
    const width = (globalThis as unknown as { innerWidth: number }).innerWidth;
    if (doc.documentElement.scrollWidth <= width + 1) return [];
    const wide: string[] = [];
    for (const el of doc.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.right > width + 1 && box.width > 0) {
        wide.push(
          `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} ${Math.round(box.right)}px`,
        );
      }
    }
    return wide.slice(0, 4);
  });
  return found.length ? [`${path}: ${found.join(', ')}`] : [];
}

/** The profile's pages, from its sidebar (folded away on a phone, so read without showing it). */
async function profilePages(page: Page): Promise<string[]> {
  await visit(page, '/profile');
  await page.locator('nav[aria-label="Profile"] a').first().waitFor({ state: 'attached', timeout: 30_000 });
  return page
    .locator('nav[aria-label="Profile"] a')
    .evaluateAll((links) =>
      links.map(
        (a) => (a as unknown as { getAttribute(n: string): string | null }).getAttribute('href') ?? '',
      ),
    );
}

const overflowAll = (page: Page, paths: string[]) => eachPage(page, paths, overflow);

describe('a 360-pixel-wide screen', () => {
  it('shows every page of a visitor without sideways scrolling', async () => {
    let found: string[] = [];
    await tour.visitor(async (page) => {
      found = await overflowAll(page, tour.paths('0'.repeat(24)));
    }, PHONE);
    expect(found).toEqual([]);
  }, 300_000);

  it("shows a student's and a tutor's pages without sideways scrolling", async () => {
    const found: string[] = [];
    const student = DEMO_STUDENTS[0]!;
    await tour.as(
      student.username,
      DEFAULT_DEMO_PASSWORD,
      async (page, userId) => {
        const profile = await profilePages(page);
        found.push(...(await overflowAll(page, [...tour.paths(userId), ...profile])));
      },
      PHONE,
    );
    await tour.as(
      DEMO_TUTOR.username,
      DEFAULT_DEMO_PASSWORD,
      async (page) => {
        found.push(...(await overflowAll(page, await profilePages(page))));
      },
      PHONE,
    );
    expect(found).toEqual([]);
  }, 300_000);

  it("shows the admin the spec's desktop notice on the dashboard's pages, with nothing sticking out", async () => {
    const found: string[] = [];
    // The sidebar that links the pages is not shown on a phone: read it on a desktop first.
    let pages: string[] = [];
    await tour.as('admin', platform().adminPassword, async (page) => {
      await visit(page, '/dashboard');
      pages = ['/dashboard', ...(await navigationLinks(page, 'Dashboard'))];
    });
    await tour.as(
      'admin',
      platform().adminPassword,
      async (page) => {
        for (const path of pages) {
          found.push(...(await overflow(page, path)));
          await shows(page.getByText('Please view the dashboard in desktop view'));
        }
      },
      PHONE,
    );
    expect(found).toEqual([]);
  }, 300_000);
});
