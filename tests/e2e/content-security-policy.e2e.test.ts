import { DEFAULT_DEMO_PASSWORD, DEMO_STUDENTS } from '@liveedu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platform } from './support/browser.ts';
import { navigationLinks, openSiteTour, type SiteTour, visit } from './support/site-tour.ts';

/**
 * Every page of the site under its content security policy: the gateway sends the policy with
 * the page, and no page a visitor, a student or the admin opens (nor any frame or worker of it)
 * has anything refused. Every other browser test watches for refusals as well (support/browser.ts).
 */

let tour: SiteTour;
beforeAll(async () => {
  tour = await openSiteTour();
});
afterAll(() => tour?.session.close());

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
    const { page } = tour.session;
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
    await expect.poll(() => tour.session.policyViolations.length).toBeGreaterThan(0);
    expect(tour.session.policyViolations.join('\n')).toMatch(/inline script/i);
    tour.session.policyViolations.length = 0;
  });

  it('refuses nothing on any page a visitor opens', async () => {
    for (const path of tour.paths('0'.repeat(24))) await visit(tour.session.page, path);
    expect(tour.session.policyViolations).toEqual([]);
  }, 180_000);

  it('refuses nothing on the pages of a student, the player included', async () => {
    const student = DEMO_STUDENTS[0]!;
    await tour.as(student.username, DEFAULT_DEMO_PASSWORD, async (page, userId) => {
      for (const path of tour.paths(userId)) await visit(page, path);
      await visit(page, '/profile');
      for (const href of await navigationLinks(page, 'Profile')) await visit(page, href);
    });
    expect(tour.session.policyViolations).toEqual([]);
  }, 240_000);

  it('refuses nothing on the pages of the admin', async () => {
    await tour.as('admin', platform().adminPassword, async (page) => {
      await visit(page, '/dashboard');
      for (const href of await navigationLinks(page, 'Dashboard')) await visit(page, href);
    });
    expect(tour.session.policyViolations).toEqual([]);
  }, 180_000);
});
