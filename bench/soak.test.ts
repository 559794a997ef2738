/**
 * A short slice of `npm run soak`, run exactly as the command line runs it, at a fixed seed: the
 * same workload, books and counts for 45 seconds, coupon purchases, carts and refunds included.
 * Nothing may be lost, doubled or answered with a 5xx. The memory line needs minutes to mean anything, so this slice prints it without judging it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from './command-line.ts';
import type { SoakResult } from './src/soak/report.ts';

const resultsDir = mkdtempSync(join(tmpdir(), 'liveedu-soak-slice-'));
afterAll(() => rmSync(resultsDir, { recursive: true, force: true }));

const MINUTES = 0.75;
const SEED = 7_031;

describe('npm run soak, a 45-second slice', () => {
  let output = '';
  let code: number | null = null;
  let result: SoakResult;

  it(
    'runs to completion and writes its results file',
    async () => {
      ({ code, output } = await runScript('bench/soak.ts', [
        '--minutes',
        String(MINUTES),
        '--seed',
        String(SEED),
        `--results-dir=${resultsDir}`,
      ]));
      const files = readdirSync(resultsDir).filter((f) => /^soak-.*\.json$/.test(f));
      expect(files, output.slice(-3000)).toHaveLength(1);
      result = JSON.parse(readFileSync(join(resultsDir, files[0]!), 'utf8')) as SoakResult;
    },
    4 * 60_000,
  );

  it('drove the mixed workload and completed real purchases, with coupons, carts and refunds', () => {
    expect(result.options).toEqual({ minutes: MINUTES, rate: 40, seed: SEED });
    expect(result.workload.skipped, 'ticks skipped').toBe(0);
    expect(result.books.payments, 'courses paid for').toBeGreaterThan(20);
    expect(result.books.declined, 'declined payments').toBeGreaterThan(0);
    expect(result.books.orders.withCoupon, 'one-course orders with a coupon').toBeGreaterThan(0);
    expect(result.books.orders.cart, 'carts paid once').toBeGreaterThan(0);
    expect(result.books.refunds, 'courses refunded').toBeGreaterThan(0);
    const ops = result.traffic.operations;
    for (const name of [
      'get-course-details/{id}',
      'enrolled-courses',
      'purchase: callback',
      'coupon purchase: checkout',
      'cart: put cart',
      'cart: callback',
      'refund-requests',
      'create-review',
    ]) {
      expect(ops[name]?.ok ?? 0, `${name} answered`).toBeGreaterThan(0);
    }
  });

  it('loses nothing, doubles nothing, and answers no 5xx', () => {
    const books = result.books.checks.map((c) => ({
      check: c.name,
      lost: c.lost,
      doubled: c.doubled,
      examples: c.examples,
    }));
    expect(
      books.filter((c) => c.lost > 0 || c.doubled > 0),
      output.slice(-3000),
    ).toEqual([]);
    expect(result.books.drained).toBe(true);
    expect(result.books.revenueReportedRupees).toBe(result.books.revenueExpectedRupees);
    expect(result.traffic.totals.serverErrors, output.slice(-3000)).toBe(0);
    expect(result.serverErrorsCounted, 'counted by the platform').toEqual([]);
    expect(result.traffic.totals.noAnswer).toBe(0);
    expect(result.traffic.totals.unexpected, output.slice(-3000)).toBe(0);
    expect(result.traffic.operationFailures).toEqual({ count: 0, examples: [] });
    expect(result.webhooks.retried + result.webhooks.failed + result.webhooks.serverErrors).toBe(0);
  });

  it('prints the figures and exits 0, the memory line reported but not judged', () => {
    expect(result.memory.judged).toBe(false);
    expect(result.memory.processes.map((p) => p.name)).toEqual(
      expect.arrayContaining(['gateway', 'catalog', 'payments', 'earnings', 'whole platform']),
    );
    for (const line of ['lost', 'doubled', '5xx', 'memory', 'verdict: PASS']) expect(output).toContain(line);
    expect(code, output.slice(-3000)).toBe(0);
  });
});
