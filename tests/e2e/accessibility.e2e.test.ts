import AxeBuilder from '@axe-core/playwright';
import { DEFAULT_DEMO_PASSWORD, DEMO_STUDENTS, DEMO_TUTOR } from '@liveedu/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser, platform } from './support/browser.ts';
import { navigationLinks, type SiteTour, siteTour, visit } from './support/site-tour.ts';

/**
 * Every page of the four remotes, as a visitor, a student, a tutor and the admin, audited by
 * axe-core against WCAG 2.1 A and AA: no serious or critical violation anywhere.
 */

let session: BrowserSession;
let tour: SiteTour;

beforeAll(async () => {
  session = await openBrowser();
  tour = await siteTour(session);
});
afterAll(() => session?.close());

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

async function auditAll(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) found.push(...(await audit(page, path)));
  return found;
}

describe('accessibility', () => {
  it('finds what it audits: a page made inaccessible on purpose fails', async () => {
    const { page } = session;
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
    expect(await auditAll(session.page, tour.paths('0'.repeat(24)))).toEqual([]);
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
