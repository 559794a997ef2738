/** Real purchases, from the callback until the enrollment and the tutor's credit show. */
import type { BenchContext, People } from '../context.ts';
import { type EventSamples, purchases } from '../events.ts';
import { percentile } from '../load.ts';
import { SANDBOX_KEY_ID } from '../platform-under-test.ts';
import { type Cell, notTaken, type Row, type Section } from '../report.ts';

export async function eventLatency(ctx: BenchContext, people: People): Promise<Section> {
  const { mode, log, figures } = ctx;
  log(`» event latency over ${mode.purchases} purchases …`);
  ctx.sampler.start();
  const events = await ctx.timed('event latency s', () =>
    purchases({
      gw: ctx.gw,
      sandboxUrl: ctx.sandboxUrl,
      keyId: SANDBOX_KEY_ID,
      seed: mode.seed,
      size: mode.size,
      categories: people.categories,
      buyers: people.buyers,
      purchases: mode.purchases,
      deadline: performance.now() + mode.purchaseBudgetSec * 1000,
      log,
    }).catch(
      (error: unknown): EventSamples => ({
        callback: [],
        enrolled: [],
        credited: [],
        failures: [error instanceof Error ? error.message : String(error)],
      }),
    ),
  );
  ctx.sampler.stop();
  const failures = tally(events.failures);
  const eventCell = (samples: number[], p: number): Cell =>
    samples.length === 0
      ? notTaken(`no purchase completed (${failures || 'none attempted'})`)
      : { median: percentile(samples, p), unit: 'ms' };
  const rows: Row[] = [
    { name: 'callback answered', samples: events.callback },
    { name: 'callback → course in enrolled-courses', samples: events.enrolled },
    { name: 'callback → credit in get-available-balance', samples: events.credited },
  ].map(({ name, samples }) => ({
    name,
    cells: {
      p50: eventCell(samples, 50),
      p95:
        name === 'callback answered'
          ? eventCell(samples, 95)
          : figures.judged(eventCell(samples, 95), (v) => v <= 300, '≤ 300 ms'),
      max: eventCell(samples, 100),
      samples: {
        median: samples.length,
        unit: `of ${mode.purchases}`,
        note: `(target all: ${samples.length === mode.purchases ? 'met' : 'missed'})`,
      },
    },
  }));
  return {
    id: 'event-latency',
    title: 'Event latency',
    about: `${mode.purchases} purchases in ${mode.purchaseLanes} parallel lanes: checkout, pay on the sandbox's page, then the callback POST; from sending the callback until the student's enrolled-courses lists the course and the tutor's balance includes the 80% credit (polled every 20 ms through the gateway; sandbox webhooks off so the callback alone drives it)${events.stoppedAfter !== undefined ? `; stopped starting purchases after ${mode.purchaseBudgetSec} s (time budget), the samples are the purchases made by then` : ''}${failures ? `; failures: ${failures}` : ''}`,
    columns: ['p50', 'p95', 'max', 'samples'],
    rows,
  };
}

/** The distinct failures, most frequent first, each with how often it happened (at most three). */
function tally(failures: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const failure of failures) counts.set(failure, (counts.get(failure) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const shown = ranked.slice(0, 3).map(([failure, n]) => (n > 1 ? `${failure} (×${n})` : failure));
  if (ranked.length > 3) shown.push(`${ranked.length - 3} other kinds`);
  return shown.join('; ');
}
