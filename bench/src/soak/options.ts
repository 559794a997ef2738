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
/**
 * Of the writes, each a user's action (the shares add up to 1):
 * - `purchase`: one course at its price (checkout, the sandbox's card page, the callback);
 * - `couponPurchase`: one course with a coupon that applies to it, the soak pricing it by the
 *   coupon's rule (a 100% coupon's order is bought at once, without Razorpay);
 * - `cart`: 2–3 courses (from different tutors where the pick allows) put in the cart and paid
 *   with one payment, some with a coupon (`CART_COUPON_SHARE`);
 * - `refund`: a student asks for a refund of a course bought at least `SETTLED_AFTER_MS` ago
 *   (its enrollment has arrived): within 30 days and unstarted, the rule approves it at once;
 * - `review`: a student who bought a course rates it.
 * A refund or a review with nothing old enough to act on yet (early in a run) is a purchase instead.
 * At the default rate the 45-second slice (bench/soak.test.ts, its seed) completes coupon purchases,
 * carts and refunds by the dozen with these shares.
 */
export const WRITE_SHARES = {
  purchase: 0.3,
  couponPurchase: 0.15,
  cart: 0.15,
  refund: 0.1,
  review: 0.3,
} as const;
/** Of the purchases, coupon purchases and carts: paid with the card the sandbox declines, which must leave no trace. */
export const DECLINED_SHARE = 0.1;
/** How many courses a cart holds. */
export const CART_COURSES = { min: 2, max: 3 } as const;
/** Of the carts: checked out with a coupon that applies to at least one of their courses. */
export const CART_COUPON_SHARE = 0.3;
/** A review or a refund is of a course bought at least this long ago: its enrollment arrives by event. */
export const SETTLED_AFTER_MS = 10_000;

/**
 * The payout hold the platform under test runs with: production's 30 days (ADR 17), not the 0 of
 * `npm start`. Every credit of a run is then still held, so the books expect each tutor's
 * `pending` to be everything credited net of refunds, and nothing withdrawable yet.
 */
export const PAYOUT_HOLD_DAYS = 30;

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
