/** Lighthouse on the public pages: scores with the mobile profile, and the lab timings. */
import type { BenchContext } from '../context.ts';
import { type Audit, auditPages } from '../lighthouse.ts';
import { notTaken, type Row, type Section } from '../report.ts';

/** What the pages should reach (issue 29). */
export const TARGETS = {
  performance: 90,
  accessibility: 100,
  'best-practices': 95,
  seo: 100,
  /** Unthrottled on localhost, for home and a course page. */
  lcpMs: 800,
  cls: 0.05,
} as const;

export const LIGHTHOUSE_COLUMNS = [
  'performance',
  'accessibility',
  'best practices',
  'SEO',
  'LCP mobile',
  'LCP unthrottled',
  'CLS',
] as const;

const score = (value: number, target: number) => ({
  median: value,
  unit: '',
  note: value >= target ? `(target ≥ ${target} met)` : `(target ≥ ${target} MISSED)`,
});

export function lighthouseRows(audits: readonly Audit[]): Row[] {
  return audits.map((audit) => ({
    name: audit.path,
    cells: {
      performance: score(audit.scores.performance, TARGETS.performance),
      accessibility: score(audit.scores.accessibility, TARGETS.accessibility),
      'best practices': score(audit.scores['best-practices'], TARGETS['best-practices']),
      SEO: score(audit.scores.seo, TARGETS.seo),
      'LCP mobile': { median: audit.throttled.lcpMs, unit: 'ms', note: '(simulated slow 4G, 4× CPU)' },
      'LCP unthrottled': {
        median: audit.unthrottled.lcpMs,
        unit: 'ms',
        note: audit.unthrottled.lcpMs <= TARGETS.lcpMs ? '(≤ 800 ms met)' : '(≤ 800 ms MISSED)',
      },
      CLS: {
        median: audit.throttled.cls,
        unit: '',
        note: audit.throttled.cls <= TARGETS.cls ? '(≤ 0.05 met)' : '(≤ 0.05 MISSED)',
      },
    },
  }));
}

export const LIGHTHOUSE_ABOUT =
  'Lighthouse 12 with Debian Chromium, mobile profile: scores and LCP/CLS under its simulated throttling (slow 4G, 4× slower CPU); "LCP unthrottled" is the same page measured on this machine with no throttling; pages rendered on the server (ADR 13)';

/** The home page, a course page and the course list of the site the bench runs (the home page alone in smoke mode). */
export async function lighthouseSection(ctx: BenchContext): Promise<Section> {
  const section = (rows: Row[]): Section => ({
    id: 'lighthouse',
    title: 'Front end: Lighthouse',
    about: LIGHTHOUSE_ABOUT,
    columns: [...LIGHTHOUSE_COLUMNS],
    rows,
  });
  try {
    const list = (await (await fetch(`${ctx.gw}/api/v1/courses`)).json()) as {
      courses?: Array<{ _id: string }>;
    };
    const course = list.courses?.[0]?._id;
    const paths =
      ctx.mode.name === 'smoke' ? ['/'] : ['/', ...(course ? [`/viewCouse/${course}`] : []), '/courses'];
    // The site's own origin (PUBLIC_URL), which its pages' addresses and policy name.
    const site = ctx.platform.url;
    return section(lighthouseRows(await ctx.timed('lighthouse s', () => auditPages(site, paths))));
  } catch (error) {
    const reason = `Lighthouse could not run: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    return section([
      {
        name: '/',
        cells: Object.fromEntries(LIGHTHOUSE_COLUMNS.map((column) => [column, notTaken(reason)])),
      },
    ]);
  }
}
