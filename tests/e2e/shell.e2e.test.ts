import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser, shows } from './support/browser.ts';

let session: BrowserSession;
beforeAll(async () => {
  session = await openBrowser();
});
afterAll(() => session?.close());

describe('the shell', () => {
  it('shows an unknown route as the router’s error screen, navigation intact', async () => {
    await session.open('/no/such/page');
    await session.page.waitForTimeout(3000);
    await session.screenshot('unknown-route');
    await shows(session.page.getByText('Unexpected Application Error!'));
    await shows(session.page.getByRole('link', { name: 'Courses' }));
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
    const stored = await page.evaluate(() => {
      const storage = (globalThis as unknown as { localStorage: { getItem(key: string): string | null } })
        .localStorage;
      return { id: storage.getItem('id'), token: storage.getItem('token') };
    });
    expect(stored.id).toMatch(/^[0-9a-f]{24}$/);
    expect(stored.token).toBeTruthy();
  });
});
