import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser, platform, shows } from './support/browser.ts';

let session: BrowserSession;
beforeAll(async () => {
  session = await openBrowser();
});
afterAll(() => session?.close());

const storedIdentity = (s: BrowserSession) =>
  s.page.evaluate(() => {
    const storage = (globalThis as unknown as { localStorage: { getItem(key: string): string | null } })
      .localStorage;
    return { id: storage.getItem('id'), token: storage.getItem('token') };
  });

describe('the shell', () => {
  it('shows an unknown route as the router’s error screen, navigation intact', async () => {
    const { page } = session;
    await session.open('/no/such/page');
    await shows(page.getByText('Unexpected Application Error!'));
    await shows(page.getByText('404 Not Found'));
    expect(await page.getByText('Hey developer').count()).toBe(0);
    await session.screenshot('unknown-route');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
    await shows(page.getByPlaceholder('Search courses'));
  });

  it('signs a new visitor up, logs them in automatically and takes them to /profile; log out returns to /', async () => {
    const { page } = session;
    const username = `e2e${Date.now().toString(36)}`;
    await session.open('/signup');
    await page.getByLabel(/username/i).fill(username);
    await page.getByLabel(/email/i).fill(`${username}@example.com`);
    await page.getByLabel(/password/i).fill('a long password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/profile**', { timeout: 30_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/profile/);
    const stored = await storedIdentity(session);
    expect(stored.id).toMatch(/^[0-9a-f]{24}$/);
    expect(stored.token).toBeTruthy();
    await shows(page.getByText(username));

    await page.getByRole('button', { name: 'Log out' }).first().click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
    expect(await storedIdentity(session)).toEqual({ id: null, token: null });
    await shows(page.getByRole('link', { name: 'Sign up' }));
  });

  it('sends the admin to /dashboard after log in, with no navigation bar', async () => {
    const admin = await openBrowser();
    try {
      const { page } = admin;
      await admin.open('/login');
      await page.getByLabel(/username/i).fill('admin');
      await page.getByLabel(/password/i).fill(platform().adminPassword);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL('**/dashboard**', { timeout: 30_000 });
      expect(new URL(page.url()).pathname).toMatch(/^\/dashboard/);
      await page.waitForLoadState('networkidle');
      await admin.screenshot('admin-after-log-in');
      expect(new URL(page.url()).pathname, 'the dashboard kept the admin').toMatch(/^\/dashboard/);
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      expect(await page.getByRole('contentinfo').count()).toBe(0);
    } finally {
      await admin.close();
    }
  });

  it.each([
    ['declined', 'bank declined the card'],
    ['invalid', 'could not be verified'],
  ])('shows a %s payment as failed, with a way back to the courses', async (reason, text) => {
    const { page } = session;
    await session.open(`/paymentfailed?reason=${reason}`);
    await shows(page.getByRole('heading', { name: 'PAYMENT FAILED' }));
    await shows(page.getByText(text));
    expect(await page.getByText('PAYMENT SUCCESSFUL').count()).toBe(0);
    if (reason === 'declined') await session.screenshot('payment-failed');
    await page.getByRole('link', { name: 'Back to the courses' }).click();
    await shows(page.getByPlaceholder('Search courses'));
  });
});
