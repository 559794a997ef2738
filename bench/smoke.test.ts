/**
 * Runs `npm run bench` in smoke mode (tiny data set, one short run per figure) exactly as the
 * command line does, so the bench cannot rot: every section, row and figure must be there, each
 * a number or an explicit "not taken" with its reason.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from './command-line.ts';
import { BUDGET_KB } from './src/front-end.ts';
import { SMOKE } from './src/modes.ts';
import type { Cell, Results } from './src/report.ts';
import { AUTHENTICATED_READ_COLUMNS } from './src/sections/authenticated-reads.ts';
import { LIGHTHOUSE_COLUMNS } from './src/sections/lighthouse.ts';
import { OVERHEAD_COLUMNS } from './src/sections/public-reads.ts';

const resultsDir = mkdtempSync(join(tmpdir(), 'liveedu-bench-smoke-'));
afterAll(() => rmSync(resultsDir, { recursive: true, force: true }));

const label = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n));

/**
 * What the issue asks the bench to print, written out here rather than read from the bench (the
 * two long column lists of the gateway comparisons excepted: those are the sections' own).
 */
const EXPECTED: Record<string, { rows: string[]; columns: string[] }> = {
  'gateway-overhead': {
    rows: ['courses', 'get-course-details/{id}', 'search/{q}'],
    columns: OVERHEAD_COLUMNS,
  },
  'hot-reads': {
    rows: [
      'courses',
      'recently-added-courses',
      'courses-loved-by-students',
      'get-top4-reviews',
      'get-all-category',
      'courses/{cat}',
      'get-course-details/{id}',
      'search/{q}',
    ],
    columns: ['c10 req/s', 'c10 p99', 'c100 req/s', 'c100 p99', 'response bytes'],
  },
  'authenticated-reads': {
    rows: ['getUserData', 'enrolled-courses', 'order-history'],
    columns: AUTHENTICATED_READ_COLUMNS,
  },
  writes: {
    rows: [
      'sign-up (new account each time) @ c10',
      'log-in @ c10',
      'log-in, one at a time @ c1',
      'create-todo @ c10',
      'checkout (creates a Razorpay order) @ c10',
    ],
    columns: ['req/s', 'p50', 'p99'],
  },
  'event-latency': {
    rows: [
      'callback answered',
      'callback → course in enrolled-courses',
      'callback → credit in get-available-balance',
    ],
    columns: ['p50', 'p95', 'max', 'samples'],
  },
  media: {
    rows: ['upload throughput', 'transcoding speed'],
    columns: ['figure'],
  },
  conversation: {
    rows: [
      'first list of the course (loads it)',
      'questions, newest',
      'questions, top',
      'questions, unanswered',
      "one lesson's questions",
      'similar questions (q=)',
      `announcement to ${SMOKE.announcementStudents} students (post → last notification stored)`,
    ],
    columns: ['req/s', 'p50', 'p99'],
  },
  'live-class': {
    rows: [
      'viewers receiving video',
      'join time p50',
      'join time p95',
      'join time max',
      "host's upstream",
      'received per viewer (mean)',
      'media server CPU',
      'media server memory before the class',
      'media server memory peak',
      'media server memory at the end',
    ],
    columns: ['figure'],
  },
  growth: {
    rows: [
      'courses?page={random}',
      'courses/{random cat}?page={random}',
      'search/{random word}',
      'courses?{random sort and filters}',
      'search/{random word}?{random sort and filters}',
      'get-course-details/{random id}',
      'enrolled-courses of a random student',
      'order-history of a random student',
    ],
    columns: SMOKE.growth.flatMap((n) => [`${label(n)} p50`, `${label(n)} p99`]),
  },
  memory: {
    rows: [
      'gateway',
      'identity',
      'todo',
      'catalog',
      'earnings',
      'payments',
      'media',
      'learning',
      'community',
      'notifications',
      'live',
      'mongo-java-server (data server)',
      'minio (data server)',
      'nats-server (data server)',
      'database file (data server)',
      'whole platform',
    ],
    columns: ['idle', 'idle (proportional)', 'peak under load', 'after the run', 'idle CPU'],
  },
  footprint: {
    rows: [
      'whole platform (RSS)',
      'whole platform (PSS)',
      'Node processes (RSS)',
      'database server (RSS)',
      'database file (data server)',
      'whole platform (idle CPU)',
    ],
    columns: SMOKE.growth.slice(-2).map((n) => `${n} courses`),
  },
  'front-end': {
    rows: ['home page', 'catalog entry', 'learner entry', 'tutor entry', 'admin entry'],
    columns: ['min+gz', `of ${BUDGET_KB} kB budget`],
  },
  lighthouse: {
    rows: ['/'],
    columns: [...LIGHTHOUSE_COLUMNS],
  },
};

function checkCell(where: string, cell: Cell | undefined) {
  expect(cell, `${where} is missing`).toBeDefined();
  if (cell && 'median' in cell) {
    expect(Number.isFinite(cell.median), `${where} is not a finite number`).toBe(true);
  } else {
    expect(cell?.notTaken, `${where} has neither a figure nor a reason`).toMatch(/\S{3}/);
  }
}

describe('npm run bench -- --smoke', () => {
  let stdout = '';
  let results: Results;

  it(
    'runs to completion and writes one results file',
    async () => {
      const run = await runScript('bench/run.ts', ['--smoke', `--results-dir=${resultsDir}`]);
      stdout = run.output;
      expect(run.code, stdout.slice(-3000)).toBe(0);
      const files = readdirSync(resultsDir).filter((f) => f.endsWith('-smoke.json'));
      expect(files).toHaveLength(1);
      results = JSON.parse(readFileSync(join(resultsDir, files[0]!), 'utf8')) as Results;
      expect(results.mode).toBe('smoke');
    },
    20 * 60_000,
  );

  it('has every section, row and figure, each a number or "not taken" with a reason', () => {
    expect(results.sections.map((s) => s.id)).toEqual(Object.keys(EXPECTED));
    for (const section of results.sections) {
      const expected = EXPECTED[section.id]!;
      expect(section.columns, section.id).toEqual(expected.columns);
      const names = section.rows.map((r) => r.name);
      for (const row of expected.rows) expect(names, section.id).toContain(row);
      for (const row of section.rows) {
        for (const column of expected.columns)
          checkCell(`${section.id} / ${row.name} / ${column}`, row.cells[column]);
      }
    }
  });

  it('takes the figures that never depend on the machine being quiet', () => {
    const section = (id: string) => results.sections.find((s) => s.id === id)!;
    const processes = section('memory').rows.filter(
      (r) => EXPECTED.memory!.rows.includes(r.name) && r.name !== 'database file (data server)',
    );
    for (const row of processes) {
      expect('median' in row.cells.idle!, `memory of ${row.name}`).toBe(true);
      expect('median' in row.cells['idle (proportional)']!, `proportional memory of ${row.name}`).toBe(true);
      expect('median' in row.cells['idle CPU']!, `idle CPU of ${row.name}`).toBe(true);
    }
    const database = section('memory').rows.find((r) => r.name === 'database file (data server)')!;
    expect('median' in database.cells.idle! && database.cells.idle.median > 0, 'the database file').toBe(
      true,
    );
    // The footprint at rest was taken at the last two sizes, the file growing with the data.
    const footprint = section('footprint');
    for (const row of footprint.rows) {
      for (const [column, cell] of Object.entries(row.cells)) {
        expect('median' in cell, `footprint / ${row.name} / ${column}: ${JSON.stringify(cell)}`).toBe(true);
      }
    }
    const [smaller, larger] = footprint.columns;
    const file = footprint.rows.find((r) => r.name === 'database file (data server)')!.cells;
    expect((file[larger!] as { median: number }).median).toBeGreaterThan(
      (file[smaller!] as { median: number }).median,
    );
    // Every growth request must have been answered: a random page, word, course or student
    // that the service refuses is a defect, not a slow machine.
    for (const row of section('growth').rows) {
      for (const [column, cell] of Object.entries(row.cells)) {
        expect('median' in cell, `growth / ${row.name} / ${column}: ${JSON.stringify(cell)}`).toBe(true);
      }
    }
    // The announcement reached every student enrolled for it (found through the course's roster).
    const announcement = section('conversation').rows.find((r) => r.name.startsWith('announcement to'))!;
    expect(
      'median' in announcement.cells.p50!,
      `conversation / ${announcement.name}: ${JSON.stringify(announcement.cells.p50)}`,
    ).toBe(true);
    // Lighthouse ran on the home page with Debian's Chromium: its scores are there.
    const home = section('lighthouse').rows.find((r) => r.name === '/')!;
    for (const column of ['accessibility', 'SEO', 'best practices']) {
      expect(
        'median' in home.cells[column]!,
        `lighthouse / ${column}: ${JSON.stringify(home.cells[column])}`,
      ).toBe(true);
    }
    // The live class: every viewer joined one host on LiveKit and received video through the
    // window, and each figure of it was taken.
    const live = section('live-class');
    const figure = (row: string) => {
      const cell = live.rows.find((r) => r.name === row)?.cells.figure;
      expect(cell && 'median' in cell, `live-class / ${row}: ${JSON.stringify(cell)}`).toBe(true);
      return cell as { median: number; unit: string; note?: string };
    };
    const receiving = figure('viewers receiving video');
    expect(receiving.median, JSON.stringify(receiving)).toBe(SMOKE.liveViewers);
    expect(receiving.note).toBeUndefined();
    expect(figure('join time p95').median).toBeGreaterThan(0);
    expect(figure('join time max').median).toBeGreaterThanOrEqual(figure('join time p95').median);
    expect(figure("host's upstream").median).toBeGreaterThan(0);
    expect(figure('received per viewer (mean)').median).toBeGreaterThan(0);
    for (const row of EXPECTED['live-class']!.rows) figure(row);

    const categories = section('hot-reads').rows.find((r) => r.name === 'get-all-category')!;
    expect('median' in categories.cells['response bytes']!).toBe(true);
  });

  it('prints every section and row, and every figure not taken with its reason', () => {
    for (const section of results.sections) {
      expect(stdout).toContain(`## ${section.title}`);
      for (const row of section.rows) expect(stdout).toContain(row.name);
      for (const row of section.rows) {
        for (const [column, cell] of Object.entries(row.cells)) {
          if (!('median' in cell))
            expect(stdout).toContain(`${row.name} / ${column}: not taken: ${cell.notTaken}`);
        }
      }
    }
    expect(stdout).toContain('results written to');
  });
});
