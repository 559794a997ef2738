/**
 * One bench run: start the platform, then each section in turn (seeding and growth, gateway
 * throughput, authenticated reads, writes, purchases, media, course conversation, a live class,
 * memory and CPU, the front end), then the results file. Each section is its own module under `sections/`.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFrontEnd, type Platform } from '@liveedu/platform';
import { startRazorpaySandbox } from '@liveedu/razorpay-sandbox';
import { createIdentitySigner } from '@liveedu/service-kit';
import type { BenchContext } from './context.ts';
import { figures } from './figures.ts';
import { LoadGenerator } from './load.ts';
import { PeakSampler } from './memory.ts';
import type { Mode } from './modes.ts';
import { INTERNAL_SECRET, measuredProcesses, startBenchPlatform } from './platform-under-test.ts';
import { notTaken, type Results, type Section } from './report.ts';
import { saveResults } from './results-file.ts';
import { authenticatedReads } from './sections/authenticated-reads.ts';
import { conversation } from './sections/conversation.ts';
import { eventLatency } from './sections/event-latency.ts';
import { frontEndSize } from './sections/front-end-size.ts';
import { growthSection, seedAndProbeGrowth } from './sections/growth-series.ts';
import { lighthouseSection } from './sections/lighthouse.ts';
import { liveClass } from './sections/live-class.ts';
import { media } from './sections/media.ts';
import { footprintSection, memorySection } from './sections/memory-and-cpu.ts';
import { publicReads } from './sections/public-reads.ts';
import { seedPeople } from './sections/seeding.ts';
import { writes } from './sections/writes.ts';
import { Seeder } from './seed.ts';
import { stageTimer } from './timings.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface BenchOptions {
  mode: Mode;
  resultsDir: string;
  log?: (line: string) => void;
}

export async function runBench(
  opts: BenchOptions,
): Promise<{ results: Results; file: string; text: string }> {
  const mode = opts.mode;
  const log = opts.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const startedAt = new Date();
  const loadAtStart = loadavg();
  const elapsed = () => performance.now() / 1000;
  const { timings, timed } = stageTimer();

  let frontEndBuildError: string | null = null;
  if (mode.buildFrontEnd) {
    await timed('front-end build s', () =>
      buildFrontEnd({ log }).catch((error: unknown) => {
        frontEndBuildError = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      }),
    );
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'liveedu-bench-'));
  // Our own sandbox without webhooks: the event latency is measured from the browser's callback.
  const sandbox = await startRazorpaySandbox({ port: 0 });
  const load = new LoadGenerator();
  let platform: Platform | null = null;
  let seeder: Seeder | null = null;
  const processes = () => measuredProcesses(platform, load.pid);
  const sampler = new PeakSampler(processes);

  const sections: Section[] = [];
  const dataSet: Record<string, number | string> = {};
  /** What stopped before its figures were taken. */
  const stopped: string[] = [];
  try {
    const p = await timed('platform start s', () => startBenchPlatform({ dataDir, sandbox, log }));
    platform = p;
    const ctx: BenchContext = {
      mode,
      log,
      timed,
      dataSet,
      platform: p,
      gw: p.url.replace('://localhost:', '://127.0.0.1:'),
      direct: (name) => {
        const service = p.services[name];
        if (!service) throw new Error(`${name} is not running`);
        return service.url;
      },
      signIdentity: createIdentitySigner(INTERNAL_SECRET),
      processes,
      sampler,
      figures: figures({ mode, load, sampler, elapsed }),
      sandboxUrl: sandbox.url,
    };

    seeder = new Seeder(p.env.MONGO_URL as string, mode.seed, mode.size);
    const people = await seedPeople(ctx, seeder);
    const growth = await seedAndProbeGrowth(ctx, people);
    const rested = growth.atRest.get(mode.growth[mode.growth.length - 1]!)!;
    /** A section that stops is kept as not taken, with why; the run goes on with the next. */
    const attempt = async (id: string, title: string, run: () => Promise<Section | Section[]>) => {
      try {
        const taken = await run();
        sections.push(...(Array.isArray(taken) ? taken : [taken]));
      } catch (error) {
        const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        log(`  ${title} stopped: ${reason}`);
        stopped.push(id);
        sections.push({
          id,
          title,
          about: 'the section stopped before its figures were taken',
          columns: ['figure'],
          rows: [{ name: 'not taken', cells: { figure: notTaken(reason) } }],
        });
      }
    };
    await attempt('public-reads', 'Public reads', () => publicReads(ctx, people));
    await attempt('authenticated-reads', 'Authenticated reads', () => authenticatedReads(ctx));
    await attempt('writes', 'Writes', () => writes(ctx, people));
    await attempt('event-latency', 'Event latency', () => eventLatency(ctx, people));
    await attempt('media', 'Video', () => media(ctx));
    await attempt('conversation', 'Course conversation', () => conversation(ctx, people));
    await attempt('live-class', 'Live class', () => liveClass(ctx));
    sections.push(growthSection(ctx, growth));
    sections.push(memorySection(ctx, rested.memory, rested.cpu));
    sections.push(footprintSection(ctx, growth.atRest));
    sections.push(await frontEndSize(repoRoot, mode, frontEndBuildError));
    await attempt('lighthouse', 'Front end: Lighthouse', () => lighthouseSection(ctx));
  } catch (error) {
    stopped.push('the run');
    throw error;
  } finally {
    sampler.stop();
    load.stop();
    await seeder?.close().catch(() => {});
    await platform?.stop().catch(() => {});
    await sandbox.stop().catch(() => {});
    if (stopped.length > 0) {
      // The platform's logs say why; the data folder goes, they are kept.
      const kept = mkdtempSync(join(tmpdir(), 'liveedu-bench-logs-'));
      cpSync(join(dataDir, 'logs'), kept, { recursive: true, force: true });
      log(`${stopped.join(', ')} stopped; the platform's logs are in ${kept}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }

  return saveResults({
    mode,
    startedAt,
    loadAtStart,
    durationSec: elapsed(),
    dataSet,
    timings,
    sections,
    resultsDir: opts.resultsDir,
  });
}
