/** What a soak run is asked to do: how long, how fast, from which seed, and where results go. */

export interface SoakOptions {
  minutes: number;
  /** Operations started per second, whatever the platform's answers take (an open loop). */
  rate: number;
  seed: number;
  resultsDir: string;
}

/** The shares of the workload the issue sets; writes split into purchases and reviews. */
export const MIX = {
  browse: 0.7,
  authenticatedRead: 0.2,
  write: 0.1,
} as const;
/** Of the writes: purchases; the rest are reviews by students who bought. */
export const PURCHASE_SHARE_OF_WRITES = 0.6;
/** Of the purchases: paid with the card the sandbox declines, which must leave no trace in the books. */
export const DECLINED_SHARE = 0.1;

export const DEFAULTS = { minutes: 30, rate: 40, seed: 20_240_917 } as const;

/**
 * Thresholds of the memory line: a process's median VmRSS over the last window may exceed its
 * median over the first by at most this much (the larger of the two counts), which leaves room
 * for caches warming up and the JVM settling, not for a leak that keeps growing.
 */
export const FLAT_MEMORY = { mib: 25, percent: 10 } as const;
/** Shorter runs print the memory figures without judging them: windows of seconds show warm-up, not leaks. */
export const MEMORY_JUDGED_FROM_MINUTES = 2;

function numberArg(args: string[], name: string): number | undefined {
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  const raw = args[at]!.includes('=') ? args[at]!.split('=')[1] : args[at + 1];
  const value = Number(raw);
  if (raw === undefined || raw === '' || !Number.isFinite(value) || value <= 0) {
    throw new Error(`--${name} needs a positive number, got ${raw === undefined ? 'nothing' : `'${raw}'`}`);
  }
  return value;
}

function stringArg(args: string[], name: string): string | undefined {
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  return args[at]!.includes('=') ? args[at]!.split('=').slice(1).join('=') : args[at + 1];
}

/** `--minutes N`, `--rate R`, `--seed S`, `--results-dir D` (both `--x v` and `--x=v`). */
export function parseSoakArgs(args: string[], defaultResultsDir: string): SoakOptions {
  const known = ['--minutes', '--rate', '--seed', '--results-dir'];
  for (const arg of args) {
    if (arg.startsWith('--') && !known.some((k) => arg === k || arg.startsWith(`${k}=`))) {
      throw new Error(`unknown option ${arg} (known: ${known.join(', ')})`);
    }
  }
  const seed = numberArg(args, 'seed') ?? DEFAULTS.seed;
  if (!Number.isInteger(seed)) throw new Error('--seed needs a whole number');
  return {
    minutes: numberArg(args, 'minutes') ?? DEFAULTS.minutes,
    rate: numberArg(args, 'rate') ?? DEFAULTS.rate,
    seed,
    resultsDir: stringArg(args, 'results-dir') ?? defaultResultsDir,
  };
}
