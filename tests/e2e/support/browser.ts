import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

const screenshotsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** The running platform's base URL and admin password (started once by the e2e global setup). */
export function platform() {
  return inject('liveeduPlatform');
}

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Opens a path of the platform. */
  open(path: string): Promise<void>;
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with nothing reaching out to the network on its own. */
export async function openBrowser(opts: { width?: number; height?: number } = {}): Promise<BrowserSession> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'liveedu-chromium-'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 900 },
    baseURL: platform().url,
  });
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    async open(path) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
    },
    async screenshot(name) {
      mkdirSync(screenshotsDir, { recursive: true });
      const file = join(screenshotsDir, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close() {
      await browser.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until the locator is visible (fails the test with a clear message otherwise). */
export async function shows(locator: import('playwright-core').Locator, timeout = 20_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}
