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
  /** What any page, frame or worker of the session's contexts said the content security policy refused. */
  policyViolations: string[];
  /** Opens a path of the platform. */
  open(path: string): Promise<void>;
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with nothing reaching out to the network on its own. */
export async function openBrowser(
  opts: { width?: number; height?: number; args?: string[] } = {},
): Promise<BrowserSession> {
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
      ...(opts.args ?? []),
    ],
  });
  // Every context made from this browser (the tests make more for other people) is watched.
  const policyViolations: string[] = [];
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const made = await newContext(options);
    watchPolicy(made, policyViolations);
    return made;
  };
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 900 },
    baseURL: platform().url,
  });
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    policyViolations,
    async open(path) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      // As a person would wait for the page to respond: a page rendered on the server shows
      // before its scripts take it over, and its controls stay disabled until then (the host's
      // HydrationGate); a click on a card before that does nothing, a link reloads the page.
      await page.locator('#root > fieldset:not([disabled])').first().waitFor({ timeout: 30_000 });
    },
    async screenshot(name) {
      mkdirSync(screenshotsDir, { recursive: true });
      const file = join(screenshotsDir, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    /** Closes the browser; fails when the content security policy refused anything meanwhile. */
    async close() {
      await browser.close();
      await rm(userDataDir, { recursive: true, force: true });
      if (policyViolations.length > 0) {
        throw new Error(`The content security policy refused:\n${policyViolations.join('\n')}`);
      }
    },
  };
}

/** Records the policy violations the browser reports on the console of the context's pages. */
function watchPolicy(context: BrowserContext, into: string[]): void {
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) into.push(`${page.url()}: ${message.text()}`);
    });
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
}

/** Waits until the locator is visible (fails the test with a clear message otherwise). */
export async function shows(locator: import('playwright-core').Locator, timeout = 20_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}
