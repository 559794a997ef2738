/**
 * How a refund ends, as Razorpay's webhooks tell it: `refund.processed` makes the refund a fact
 * (once, however often it is delivered), `refund.failed` fails the request with Razorpay's reason.
 * A refund is matched to its request by the request id its notes carry (or its refund id), and
 * must be of the request's payment, for the request's amount.
 */
import type { ServiceApp } from '@liveedu/service-kit';
import { ObjectId, type WithId } from 'mongodb';
import { failureReasonOf, refundMatchesLine } from './domain.ts';
import {
  finishRefundedLine,
  markFailed,
  markRefunded,
  REFUND_REQUESTS,
  type RefundRequestDoc,
} from './store.ts';

/** The request a refund of Razorpay's is for, if it is ours. */
async function requestOf(
  app: ServiceApp,
  refund: Record<string, unknown>,
): Promise<WithId<RefundRequestDoc> | null> {
  const notes = refund.notes as Record<string, unknown> | undefined;
  const noted = typeof notes?.requestId === 'string' ? notes.requestId : '';
  const requests = REFUND_REQUESTS.in(app.db);
  if (/^[0-9a-f]{24}$/.test(noted)) {
    const found = await requests.findOne({ _id: new ObjectId(noted) });
    if (found) return found;
  }
  return typeof refund.id === 'string' && refund.id.length > 0
    ? requests.findOne({ refundId: refund.id })
    : null;
}

/** The request of a refund in a webhook, when the refund is really its line's; logged otherwise. */
async function matchedRequest(app: ServiceApp, refund: Record<string, unknown>, event: string) {
  const request = await requestOf(app, refund);
  if (!request) {
    app.log.info({ event, refundId: refund.id }, 'webhook for a refund we did not ask for');
    return null;
  }
  if (!refundMatchesLine(refund, request)) {
    app.log.error(
      { event, refundId: refund.id, requestId: request._id.toHexString(), amount: refund.amount },
      "the refund is not of the request's payment and amount; nothing changes",
    );
    return null;
  }
  return request;
}

/**
 * `refund.processed`: the request becomes refunded with the event queued in the same write, then
 * its line is finished (each step repeated safely by a redelivery that finds it refunded).
 */
export async function refundProcessed(app: ServiceApp, refund: Record<string, unknown>, requestId: string) {
  const request = await matchedRequest(app, refund, 'refund.processed');
  if (!request || typeof refund.id !== 'string') return;
  const done =
    request.status === 'approved'
      ? await markRefunded(app.outbox, request, refund.id, new Date(), requestId)
      : null;
  const current = done ?? (await REFUND_REQUESTS.in(app.db).findOne({ _id: request._id }));
  if (current?.status === 'refunded') await finishRefundedLine(app.db, current);
  else if (current)
    app.log.warn(
      { requestId: request._id.toHexString(), status: current.status },
      'refund processed for a request that is not approved',
    );
}

/** `refund.failed`: the approved request fails with Razorpay's reason and the line may be asked again. */
export async function refundFailed(app: ServiceApp, refund: Record<string, unknown>) {
  const request = await matchedRequest(app, refund, 'refund.failed');
  if (!request) return;
  await markFailed(app.db, request._id, failureReasonOf(refund), new Date());
}
