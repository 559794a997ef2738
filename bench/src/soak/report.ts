/** The soak's figures: the verdict, the printed tables, and the results file. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Books } from './books.ts';
import type { RateReport } from './fixed-rate.ts';
import { type MemoryLine, type RssSample, WHOLE_PLATFORM } from './memory-line.ts';
import { FLAT_MEMORY, MIX, type SoakOptions, type WRITE_SHARES } from './options.ts';
import type { ServerErrorCount } from './platform-counters.ts';
import type { OperationTally } from './traffic.ts';
import type { WebhookFigures } from './webhook-watch.ts';

export interface SoakResult {
  startedAt: string;
  finishedAt: string;
  options: Omit<SoakOptions, 'resultsDir'>;
  machine: { cpus: number; node: string; loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
  world: { tutors: number; courses: number; students: number; coupons: string[] };
  timings: Record<string, number>;
  workload: RateReport & { mix: typeof MIX; writes: typeof WRITE_SHARES };
  traffic: {
    totals: { requests: number; ok: number; unexpected: number; serverErrors: number; noAnswer: number };
    operations: Record<string, OperationTally>;
    operationFailures: { count: number; examples: string[] };
  };
  /** 5xx as the gateway and the services counted them in their `/metrics`. */
  serverErrorsCounted: ServerErrorCount[];
  webhooks: WebhookFigures;
  books: Books;
  memory: MemoryLine;
  memorySamples: RssSample[];
  verdict: { passed: boolean; failures: string[] };
}

/** Everything that makes a run fail, in words; none means it passed. */
export function verdictOf(r: Omit<SoakResult, 'verdict' | 'finishedAt'>): {
  passed: boolean;
  failures: string[];
} {
  const failures: string[] = [];
  const counted = r.serverErrorsCounted.reduce((sum, e) => sum + e.count, 0);
  if (r.books.lost > 0) failures.push(`${r.books.lost} lost in the books`);
  if (r.books.doubled > 0) failures.push(`${r.books.doubled} doubled in the books`);
  if (!r.books.drained) failures.push('events were still waiting when the books were checked');
  if (r.books.payments === 0) failures.push('no payment completed: the books checked nothing');
  if (r.traffic.totals.serverErrors > 0)
    failures.push(`${r.traffic.totals.serverErrors} 5xx answers to the workload`);
  if (counted > 0) failures.push(`${counted} 5xx answers counted by the platform's processes`);
  if (r.traffic.totals.noAnswer > 0) failures.push(`${r.traffic.totals.noAnswer} requests without an answer`);
  if (r.traffic.totals.unexpected > 0)
    failures.push(`${r.traffic.totals.unexpected} answers other than the expected one (4xx)`);
  if (r.traffic.operationFailures.count > 0)
    failures.push(`${r.traffic.operationFailures.count} operations could not be carried out`);
  const webhookTrouble = r.webhooks.retried + r.webhooks.failed + r.webhooks.serverErrors;
  if (webhookTrouble > 0) failures.push(`${webhookTrouble} webhook deliveries met an error`);
  if (r.workload.skipped > 0) failures.push(`the rate was not held: ${r.workload.skipped} ticks skipped`);
  if (r.memory.flat === false) failures.push('memory grew beyond the threshold');
  return { passed: failures.length === 0, failures };
}

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

/** Label and value per line, the values lined up after the longest label. */
function labelled(rows: Array<[string, string]>): string[] {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`);
}

const ms = (v: number | null) => (v === null ? '-' : v.toFixed(0));
const mib = (v: number | null) => (v === null ? '-' : v.toFixed(1));
const signed = (v: number | null, digits: number) =>
  v === null ? '-' : `${v >= 0 ? '+' : ''}${v.toFixed(digits)}`;

function memoryHeadline(m: MemoryLine): string {
  const lines = m.processes.filter((p) => p.name !== WHOLE_PLATFORM && p.growthMiB !== null);
  const worst = lines.sort((a, b) => (b.growthMiB ?? 0) - (a.growthMiB ?? 0))[0];
  const largest = worst
    ? `largest growth: ${worst.name} ${signed(worst.growthMiB, 1)} MiB, ${signed(worst.growthPercent, 1)}%`
    : 'no process could be read';
  if (m.flat === null) return `not judged (${m.notJudged}); ${largest}`;
  return `${m.flat ? 'flat' : 'NOT FLAT'} (${largest})`;
}

export function renderSoak(r: SoakResult): string {
  const out: string[] = [];
  const o = r.books.orders;
  const orders = o.oneCourse + o.withCoupon + o.cart;
  const counted = r.serverErrorsCounted.reduce((sum, e) => sum + e.count, 0);
  out.push(
    `LiveEdu soak ${r.startedAt}: ${r.options.minutes} min at ${r.options.rate} operations/s, seed ${r.options.seed}; ` +
      `${r.machine.cpus} CPUs, Node ${r.machine.node}, load average at start ${r.machine.loadAverageAtStart.map((n) => n.toFixed(2)).join(' ')}`,
    `marketplace made through the API: ${r.world.tutors} tutors, ${r.world.courses} courses, ${r.world.students} students, coupons ${r.world.coupons.join(', ')}`,
    `mix: browsing ${MIX.browse * 100}%, authenticated reads ${MIX.authenticatedRead * 100}%, writes ${MIX.write * 100}% ` +
      `(${Object.entries(r.workload.writes)
        .map(([name, share]) => `${name} ${Math.round(share * 100)}%`)
        .join(', ')}); ` +
      `${r.workload.started} operations started (${r.workload.achievedRate.toFixed(1)}/s, at most ${r.workload.peakInFlight} at once, ${r.workload.skipped} ticks skipped)`,
    '',
    '## Figures',
    ...labelled([
      [
        'courses paid for',
        `${r.books.payments} in ${orders} orders: ${o.oneCourse} of one course, ${o.withCoupon} with a coupon, ${o.cart} carts; ${o.free} paid whole by a coupon ` +
          `(and ${r.books.declined} declined by the card, which must leave no trace)`,
      ],
      ['refunded', `${r.books.refunds} courses, approved by the rule and processed`],
      [
        'revenue',
        `₹${r.books.revenueExpectedRupees.toFixed(2)} paid less refunded, admin's getTotalRevnue ₹${r.books.revenueReportedRupees?.toFixed(2) ?? '-'}`,
      ],
      ['lost', String(r.books.lost)],
      ['doubled', String(r.books.doubled)],
      [
        '5xx',
        `${r.traffic.totals.serverErrors} seen by the workload, ${counted} counted by the platform (/metrics), ${r.webhooks.serverErrors} webhook deliveries`,
      ],
      [
        'other failures',
        `${r.traffic.totals.noAnswer} without answer, ${r.traffic.totals.unexpected} unexpected 4xx, ${r.traffic.operationFailures.count} operations not carried out, ${r.webhooks.retried} webhook retries`,
      ],
      ['memory', memoryHeadline(r.memory)],
      [
        'settled',
        `${r.books.settleSeconds.toFixed(1)} s after the workload${r.books.drained ? '' : ' (NOT drained)'}`,
      ],
    ]),
    '',
    '## Workload (answers through the gateway, by operation; ms)',
    ...table(
      ['operation', 'requests', 'ok', '4xx', '5xx', 'no answer', 'p50', 'p99'],
      Object.entries(r.traffic.operations).map(([name, t]) => [
        name,
        String(t.requests),
        String(t.ok),
        String(t.unexpected),
        String(t.serverErrors),
        String(t.noAnswer),
        ms(t.p50Ms),
        ms(t.p99Ms),
      ]),
    ),
    '',
    `webhooks from the sandbox: ${r.webhooks.deliveries} deliveries, ${r.webhooks.delivered} delivered, ${r.webhooks.retried} retried, ${r.webhooks.failed} failed, ${r.webhooks.pending} pending`,
    '',
    '## Books (expected from the soak’s own receipts)',
    ...table(
      ['check', 'expected', 'found', 'lost', 'doubled'],
      r.books.checks.map((c) => [
        c.name,
        String(c.expected),
        String(c.found),
        String(c.lost),
        String(c.doubled),
      ]),
    ),
    '',
    `## Memory (median VmRSS, first ${(r.memory.windowSeconds / 60).toFixed(1)} min against the last; flat: growth ≤ ${FLAT_MEMORY.mib} MiB or ≤ ${FLAT_MEMORY.percent}%)`,
    ...table(
      ['process', 'first MiB', 'last MiB', 'growth MiB', 'growth %', 'flat'],
      r.memory.processes.map((p) => [
        p.name,
        mib(p.firstMiB),
        mib(p.lastMiB),
        signed(p.growthMiB, 1),
        signed(p.growthPercent, 1),
        p.flat === null ? '-' : p.flat ? 'yes' : 'NO',
      ]),
    ),
  );
  const details = [
    ...Object.entries(r.traffic.operations).flatMap(([name, t]) => t.examples.map((e) => `${name}: ${e}`)),
    ...r.traffic.operationFailures.examples,
    ...r.serverErrorsCounted.map(
      (e) => `${e.service} answered ${e.status} ${e.count}× to ${e.method} ${e.route}`,
    ),
    ...r.webhooks.examples.map((e) => `webhook ${e}`),
    ...r.books.checks.flatMap((c) => c.examples.map((e) => `${c.name}: ${e}`)),
  ];
  if (details.length) out.push('', '## What went wrong (first examples)', ...details.map((d) => `· ${d}`));
  out.push('', r.verdict.passed ? 'verdict: PASS' : `verdict: FAIL — ${r.verdict.failures.join('; ')}`);
  return out.join('\n');
}

export function saveSoak(result: SoakResult, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `soak-${result.startedAt.slice(0, 19).replace(/:/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
