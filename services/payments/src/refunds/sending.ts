/**
 * Asking Razorpay for an approved refund, exactly once however many senders and retries there
 * are, and settling what Razorpay never told us about. A refund Razorpay could not be reached for
 * stays approved and unsent; the sweep here asks again a minute later (and each process sweeps
 * once at start), so an approval is never lost. A sender holds the request while it asks; a later
 * try first looks among the payment's refunds for one an earlier try made (its notes carry the
 * request's id), so a timeout after Razorpay took the refund does not refund twice.
 */
import { runPeriodically, type ServiceApp } from '@liveedu/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { WithId } from 'mongodb';
import type Razorpay from 'razorpay';
import { paymentsDeps } from '../checkout/deps.ts';
import { failureReasonOf, needsProvider, noProviderRefundId, providerRefusal } from './domain.ts';
import {
  claimForSending,
  finishRefundedLine,
  markFailed,
  markRefunded,
  type RefundRequestDoc,
  recordSent,
  releaseClaim,
  requestsToSettle,
} from './store.ts';

/** How long a sender holds a request while it asks Razorpay (more than the SDK's 10 s timeout). */
const HOLD_MS = 60_000;
/** How often a process looks for approved refunds still to ask for or to settle. */
const SWEEP_EVERY_MS = 60_000;
/** A refund Razorpay took but sent no outcome for within this long is asked about. */
const SETTLE_AFTER_MS = 10 * 60_000;
const BATCH = 50;

type RefundEntity = { id: string; status?: string; notes?: unknown; [key: string]: unknown };

/** The refund an earlier try made for this request, if Razorpay has one that did not fail. */
async function earlierRefund(razorpay: Razorpay, request: RefundRequestDoc): Promise<RefundEntity | null> {
  const listed = (await razorpay.payments.fetchMultipleRefund(request.paymentId, {
    count: 100,
  })) as unknown as { items?: RefundEntity[] };
  const id = request._id.toHexString();
  return (
    listed.items?.find(
      (refund) =>
        (refund.notes as Record<string, unknown> | undefined)?.requestId === id && refund.status !== 'failed',
    ) ?? null
  );
}

/** Applies what Razorpay says of a refund it took: processed or failed; pending changes nothing. */
export async function applyRefundOutcome(
  app: ServiceApp,
  request: WithId<RefundRequestDoc>,
  refund: RefundEntity,
  requestId?: string,
): Promise<void> {
  const at = new Date();
  if (refund.status === 'processed') {
    const done = await markRefunded(app.outbox, request, refund.id, at, requestId);
    if (done) await finishRefundedLine(app.db, done);
  } else if (refund.status === 'failed') {
    await markFailed(app.db, request._id, failureReasonOf(refund), at);
  }
}

/**
 * Asks Razorpay for the refund of an approved request (a line paid nothing is refunded at once,
 * without it). Never throws: what Razorpay refuses fails the request with its reason; anything
 * else leaves it approved for the next try.
 */
export async function sendRefund(
  app: ServiceApp,
  request: WithId<RefundRequestDoc>,
  requestId?: string,
): Promise<void> {
  const now = new Date();
  const claim = await claimForSending(app.db, request._id, now, HOLD_MS);
  if (!claim) return;
  if (!needsProvider(claim.amountPaise)) {
    const done = await markRefunded(
      app.outbox,
      claim,
      noProviderRefundId(claim._id.toHexString()),
      now,
      requestId,
    );
    if (done) await finishRefundedLine(app.db, done);
    return;
  }
  try {
    const razorpay = await paymentsDeps(app).razorpay();
    const earlier = (claim.sendAttempts ?? 1) > 1 ? await earlierRefund(razorpay, claim) : null;
    const refund =
      earlier ??
      ((await razorpay.payments.refund(claim.paymentId, {
        amount: claim.amountPaise,
        notes: { requestId: claim._id.toHexString(), courseId: claim.courseId, orderId: claim.orderId },
      })) as unknown as RefundEntity);
    await recordSent(app.db, claim._id, refund.id, now);
    // An earlier try's refund may have ended already, its webhook long gone.
    if (earlier) await applyRefundOutcome(app, claim, earlier, requestId);
  } catch (error) {
    const refusal = providerRefusal(error);
    if (refusal) {
      app.log.warn({ requestId: claim._id.toHexString(), refusal }, 'Razorpay refused a refund');
      await markFailed(app.db, claim._id, refusal, now);
    } else {
      logUnreachable(app.log, claim, error);
      await releaseClaim(app.db, claim._id);
    }
  }
}

function logUnreachable(log: FastifyBaseLogger, request: RefundRequestDoc, error: unknown) {
  log.warn(
    { err: error, requestId: request._id.toHexString() },
    'Razorpay did not take a refund; it stays approved and is asked again',
  );
}

/**
 * One pass of the sweep: asks Razorpay for the approved refunds not asked for yet, and about
 * those it took more than ten minutes ago without telling us how they ended. Answers how many
 * requests it looked at.
 */
export async function settleRefunds(app: ServiceApp, now = new Date()): Promise<number> {
  const due = await requestsToSettle(app.db, new Date(now.getTime() - SETTLE_AFTER_MS), BATCH);
  for (const request of due) {
    if (!request.refundId) {
      await sendRefund(app, request);
      continue;
    }
    try {
      const razorpay = await paymentsDeps(app).razorpay();
      const refund = (await razorpay.payments.fetchRefund(
        request.paymentId,
        request.refundId,
      )) as unknown as RefundEntity;
      await applyRefundOutcome(app, request, refund);
    } catch (error) {
      logUnreachable(app.log, request, error);
    }
  }
  return due.length;
}

/** Sweeps once the service is ready, and every minute while it runs. */
export function sweepRefunds(app: ServiceApp): void {
  runPeriodically(
    app,
    SWEEP_EVERY_MS,
    () => settleRefunds(app),
    'could not look for refunds to ask Razorpay for',
  );
}
