/**
 * One soak run: the platform started as the bench starts it (a temporary data directory, its own
 * Razorpay sandbox, now with webhooks on), a marketplace made through the API, the mixed workload
 * at a fixed rate for the asked minutes while every process's memory is sampled, then the books,
 * the 5xx counts and the memory line, printed and written to a results file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Platform } from '@liveedu/platform';
import { startRazorpaySandbox } from '@liveedu/razorpay-sandbox';
import { prng } from '../data.ts';
import { measuredProcesses, SANDBOX_KEY_ID, startBenchPlatform } from '../platform-under-test.ts';
import { stageTimer } from '../timings.ts';
import { checkBooks } from './books.ts';
import { driveAtFixedRate } from './fixed-rate.ts';
import { memoryLine, RssRecorder } from './memory-line.ts';
import { type OperationClass, runOperation, type SoakContext } from './operations.ts';
import { CART_COURSES, MIX, PAYOUT_HOLD_DAYS, type SoakOptions, WRITE_SHARES } from './options.ts';
import { serverErrorsCounted } from './platform-counters.ts';
import { Receipts } from './receipts.ts';
import { renderSoak, type SoakResult, saveSoak, verdictOf } from './report.ts';
import { type SeedPlan, seedThroughApi } from './seed-through-api.ts';
import { Traffic } from './traffic.ts';
import { WebhookWatch } from './webhook-watch.ts';

/** The admin's password for this run only (the platform applies ADMIN_PASSWORD at every start). */
const ADMIN_PASSWORD = 'soak-admin-password-1';
const TUTORS = 6;
const COURSES_PER_TUTOR = 6;
/**
 * Students enough that twice the expected purchases still find pairs not bought yet (a random
 * pick among nearly taken pairs would otherwise miss), and never fewer than this.
 */
const MIN_STUDENTS = 20;
/** Operations waiting at once beyond this many seconds' worth skip ticks instead of piling up. */
const BACKLOG_SECONDS = 10;

export function seedPlan(options: Pick<SoakOptions, 'minutes' | 'rate'>): SeedPlan {
  const courses = TUTORS * COURSES_PER_TUTOR;
  // Reviews and refunds found nothing to act on early and bought instead: count every write as a
  // purchase, and a cart's as its most courses.
  const writes = options.minutes * 60 * options.rate * MIX.write;
  const purchases = writes * (1 + WRITE_SHARES.cart * (CART_COURSES.max - 1));
  return {
    tutors: TUTORS,
    coursesPerTutor: COURSES_PER_TUTOR,
    students: Math.max(MIN_STUDENTS, Math.ceil((purchases * 2) / courses)),
  };
}

function chooseClass(rand: () => number): OperationClass {
  const at = rand();
  if (at < MIX.browse) return 'browse';
  if (at < MIX.browse + MIX.authenticatedRead) return 'authenticated read';
  return 'write';
}

export async function runSoak(
  options: SoakOptions,
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<{ result: SoakResult; file: string; text: string }> {
  const startedAt = new Date();
  const loadAtStart = loadavg();
  const { timings, timed } = stageTimer();

  const dataDir = mkdtempSync(join(tmpdir(), 'liveedu-soak-'));
  const sandbox = await startRazorpaySandbox({ port: 0 });
  let platform: Platform | null = null;
  let passed = false;
  try {
    log('» starting the platform …');
    const p = await timed('platform start s', () =>
      startBenchPlatform({
        dataDir,
        sandbox,
        log,
        env: { ADMIN_PASSWORD, PAYOUT_HOLD_DAYS: String(PAYOUT_HOLD_DAYS) },
      }),
    );
    platform = p;
    const gw = p.url.replace('://localhost:', '://127.0.0.1:');
    // Razorpay reports every payment by webhook too, racing the browser's callback: both come.
    sandbox.setWebhookUrl(`${gw}/api/v1/razorpay-webhook`);

    const plan = seedPlan(options);
    log('» making the marketplace through the API …');
    const world = await timed('seeding s', () =>
      seedThroughApi({ gw, seed: options.seed, plan, adminPassword: ADMIN_PASSWORD, log }),
    );

    const traffic = new Traffic();
    const receipts = new Receipts();
    const ctx: SoakContext = {
      gw,
      sandboxUrl: sandbox.url,
      keyId: SANDBOX_KEY_ID,
      world,
      traffic,
      receipts,
      // Another stream than the seeding's, so the same seed makes the same workload.
      rand: prng(options.seed + 1),
    };
    const durationMs = options.minutes * 60_000;
    const processes = () => measuredProcesses(p, undefined);
    const recorder = new RssRecorder(processes, Math.min(5000, Math.max(500, durationMs / 60)));
    const webhooks = new WebhookWatch(sandbox);

    const writes = Object.entries(WRITE_SHARES)
      .map(([name, share]) => `${Math.round(share * 100)}% ${name}`)
      .join(', ');
    log(`» workload: ${options.minutes} min at ${options.rate} operations/s (writes: ${writes}) …`);
    recorder.start();
    webhooks.start();
    const workload = await timed('workload s', () =>
      driveAtFixedRate({
        rate: options.rate,
        durationMs,
        maxInFlight: Math.ceil(options.rate * BACKLOG_SECONDS),
        start: () => runOperation(ctx, chooseClass(ctx.rand)),
        progress: (started, elapsed) => {
          const t = traffic.totals();
          log(
            `  ${(elapsed / 60_000).toFixed(0)} min: ${started} operations, ${receipts.paid.length} courses paid, ${receipts.refunded.length} refunded, ${t.serverErrors} 5xx, ${t.noAnswer} without answer`,
          );
        },
      }),
    );
    recorder.stop();

    const books = await timed('books s', () =>
      checkBooks({
        gw,
        mongoUrl: p.env.MONGO_URL as string,
        platform: p,
        world,
        receipts,
        webhooksPending: () => sandbox.webhookDeliveries().filter((d) => d.status === 'pending').length,
        log,
      }),
    );
    webhooks.stop();
    const counted = await serverErrorsCounted(p, gw);
    const names = processes().map((proc) => proc.name);

    const partial: Omit<SoakResult, 'verdict' | 'finishedAt'> = {
      startedAt: startedAt.toISOString(),
      options: { minutes: options.minutes, rate: options.rate, seed: options.seed },
      machine: {
        cpus: cpus().length,
        node: process.versions.node,
        loadAverageAtStart: loadAtStart,
        loadAverageAtEnd: loadavg(),
      },
      world: {
        tutors: world.tutors.length,
        courses: world.courses.length,
        students: world.students.length,
        coupons: world.coupons.map((c) => c.code),
      },
      timings,
      workload: { ...workload, mix: MIX, writes: WRITE_SHARES },
      traffic: {
        totals: traffic.totals(),
        operations: traffic.summary(),
        operationFailures: traffic.operationFailures,
      },
      serverErrorsCounted: counted,
      webhooks: webhooks.figures(),
      books,
      memory: memoryLine(recorder.samples, names, workload.seconds),
      memorySamples: recorder.samples,
    };
    const result: SoakResult = {
      ...partial,
      finishedAt: new Date().toISOString(),
      verdict: verdictOf(partial),
    };
    passed = result.verdict.passed;
    const file = saveSoak(result, options.resultsDir);
    return { result, file, text: renderSoak(result) };
  } finally {
    await platform?.stop().catch(() => {});
    await sandbox.stop().catch(() => {});
    // A failed run keeps every process's log for finding out why.
    if (passed) rmSync(dataDir, { recursive: true, force: true });
    else log(`the platform's logs are kept in ${join(dataDir, 'logs')}`);
  }
}
