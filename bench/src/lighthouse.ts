/**
 * Lighthouse over pages of a running site, with Debian's Chromium (never a browser of its own):
 * the mobile profile with its simulated throttling (slow 4G, a 4× slower CPU) for the scores, and
 * the same page unthrottled for the lab timings on this machine.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Audit {
  path: string;
  /** Scores from 0 to 100 under the mobile profile, throttled. */
  scores: Record<Category, number>;
  /** Largest contentful paint and cumulative layout shift, throttled (simulated). */
  throttled: { lcpMs: number; cls: number };
  /** The same, measured on this machine with no throttling. */
  unthrottled: { lcpMs: number; cls: number };
}

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
];

/** No throttling at all: what this machine does. */
const UNTHROTTLED = {
  extends: 'lighthouse:default',
  settings: {
    throttlingMethod: 'provided',
    throttling: {
      rttMs: 0,
      throughputKbps: 0,
      requestLatencyMs: 0,
      downloadThroughputKbps: 0,
      uploadThroughputKbps: 0,
      cpuSlowdownMultiplier: 1,
    },
    onlyCategories: ['performance'],
  },
} as const;

type Report = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
};

/** Attempts at one audit: a trace Lighthouse could not read (NO_NAVSTART, NO_FCP) is taken again. */
const ATTEMPTS = 3;

async function run(url: string, port: number, unthrottled: boolean): Promise<Report> {
  let problem = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: unthrottled ? ['performance'] : [...CATEGORIES],
      },
      // biome-ignore lint/suspicious/noExplicitAny: lighthouse's config type is wider than its literal
      unthrottled ? (UNTHROTTLED as any) : undefined,
    );
    const lhr = result?.lhr as unknown as
      | (Report & { runtimeError?: { code: string; message: string } })
      | undefined;
    if (lhr && !lhr.runtimeError) return lhr;
    problem = lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'no result';
  }
  throw new Error(`Lighthouse could not audit ${url} in ${ATTEMPTS} attempts (${problem})`);
}

const timings = (report: Report) => ({
  lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
  cls: report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
});

/** Audits each page of the site at `baseUrl`, one at a time, in one browser. */
export async function auditPages(baseUrl: string, paths: readonly string[]): Promise<Audit[]> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, logLevel: 'error' });
  try {
    const audits: Audit[] = [];
    for (const path of paths) {
      const url = new URL(path, baseUrl).href;
      const throttled = await run(url, chrome.port, false);
      const unthrottled = await run(url, chrome.port, true);
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [
          category,
          Math.round((throttled.categories[category]?.score ?? 0) * 100),
        ]),
      ) as Record<Category, number>;
      audits.push({ path, scores, throttled: timings(throttled), unthrottled: timings(unthrottled) });
    }
    return audits;
  } finally {
    chrome.kill();
  }
}
