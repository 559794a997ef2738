import { runPeriodically, type ServiceApp } from '@liveedu/service-kit';
import { releaseExpired, settleInterrupted } from './reservations.ts';

/** How often a payments process looks for expired reservations. */
const SWEEP_EVERY_MS = 5 * 60_000;
const BATCH = 200;
/** At most this many batches a sweep; the next sweep goes on from there. */
const ROUNDS = 50;

/**
 * Gives back the uses of coupons held by orders that expired unpaid (a checkout also does this for
 * its own coupon before calling it used up), and finishes transitions a crash left half done, so
 * that no use is held for ever. Any number of processes may sweep at once: every step is guarded.
 */
export async function sweepReservations(app: ServiceApp, now = new Date()): Promise<void> {
  for (let round = 0; round < ROUNDS; round++) {
    if ((await releaseExpired(app.db, {}, now, BATCH)) < BATCH) break;
  }
  for (let round = 0; round < ROUNDS; round++) {
    if ((await settleInterrupted(app.db, now, BATCH)) < BATCH) break;
  }
}

/** Sweeps once the service is ready, and every few minutes while it runs. */
export function sweepCouponReservations(app: ServiceApp): void {
  runPeriodically(
    app,
    SWEEP_EVERY_MS,
    () => sweepReservations(app),
    'could not release expired coupon reservations',
  );
}
