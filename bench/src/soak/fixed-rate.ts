/**
 * Starts operations at a fixed rate for a fixed time, whatever their answers take (an open loop:
 * a slow platform gets more requests at once, as it would from real users, not fewer). Beyond
 * `maxInFlight` operations at once a tick is skipped and counted, so a platform that stops
 * answering cannot make the soak itself run out of memory.
 */

export interface RateReport {
  /** Operations started. */
  started: number;
  /** Ticks skipped because `maxInFlight` operations were still waiting. */
  skipped: number;
  /** Operations started per second over the run. */
  achievedRate: number;
  /** The most operations waiting at once. */
  peakInFlight: number;
  seconds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function driveAtFixedRate(opts: {
  rate: number;
  durationMs: number;
  maxInFlight: number;
  /** Starts one operation; a rejection is the operation's own business and is only waited for. */
  start: () => Promise<void>;
  /** Called about once a minute with the operations started so far. */
  progress?: (started: number, elapsedMs: number) => void;
}): Promise<RateReport> {
  const interval = 1000 / opts.rate;
  const began = performance.now();
  const end = began + opts.durationMs;
  const running = new Set<Promise<void>>();
  let started = 0;
  let skipped = 0;
  let peakInFlight = 0;
  let lastProgress = began;
  for (let tick = 0; ; tick += 1) {
    // Each tick is due at a fixed offset from the start, so late timers do not drift the rate.
    const due = began + tick * interval;
    if (due >= end) break;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (running.size >= opts.maxInFlight) {
      skipped += 1;
      continue;
    }
    const op = opts.start().catch(() => {});
    running.add(op);
    void op.finally(() => running.delete(op));
    started += 1;
    peakInFlight = Math.max(peakInFlight, running.size);
    if (opts.progress && performance.now() - lastProgress >= 60_000) {
      lastProgress = performance.now();
      opts.progress(started, lastProgress - began);
    }
  }
  const seconds = (performance.now() - began) / 1000;
  await Promise.all(running);
  return { started, skipped, achievedRate: started / seconds, peakInFlight, seconds };
}
