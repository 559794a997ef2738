import {
  PAYMENTS_DISPUTE_CLOSED,
  PAYMENTS_DISPUTE_CREATED,
  type PaymentsDisputeClosed,
  type PaymentsDisputeCreated,
  type PaymentsDisputeData,
} from '@liveedu/contracts';
import type { EventHandler, HandlerContext } from '@liveedu/service-kit';
import { isText } from '../ledger/domain.ts';
import { closeDispute, type DisputeFacts, openDispute, settleFreezes } from './store.ts';

/** The facts of a dispute event, or null (logged) when they cannot be used. */
function factsOf(
  event: PaymentsDisputeCreated | PaymentsDisputeClosed,
  log: HandlerContext['log'],
): DisputeFacts | null {
  const data = event.data ?? ({} as PaymentsDisputeData);
  const at = new Date(typeof data.at === 'string' ? data.at : event.occurredAt);
  if (!isText(data.disputeId) || !isText(data.paymentId) || Number.isNaN(at.getTime())) {
    // Retrying cannot fix a malformed fact; keep it visible in the logs instead of looping.
    log.error({ eventId: event.id, data }, 'ignoring a dispute event without its dispute or payment');
    return null;
  }
  return {
    disputeId: data.disputeId,
    paymentId: data.paymentId,
    orderId: String(data.orderId ?? ''),
    status: String(data.status ?? ''),
    at,
  };
}

/**
 * Records what a dispute event says of its dispute, then freezes or releases the credit of its
 * payment's courses to match all that is known of the payment's disputes.
 */
async function recordAndSettle(
  event: PaymentsDisputeCreated | PaymentsDisputeClosed,
  { db, log }: HandlerContext,
  record: (db: HandlerContext['db'], facts: DisputeFacts) => Promise<void>,
): Promise<void> {
  const facts = factsOf(event, log);
  if (!facts) return;
  await record(db, facts);
  await settleFreezes(db, facts.paymentId);
}

/**
 * Freezes the credit of every course the disputed payment paid for, until the dispute closes.
 * Repeating it changes nothing; after the dispute's `closed` it freezes nothing.
 */
export const onDisputeCreated: EventHandler<PaymentsDisputeCreated> = {
  event: PAYMENTS_DISPUTE_CREATED,
  name: 'on-dispute-created',
  handle: (event, context) => recordAndSettle(event, context, openDispute),
};

/** Releases what the dispute froze, whether its `created` came before or comes after. */
export const onDisputeClosed: EventHandler<PaymentsDisputeClosed> = {
  event: PAYMENTS_DISPUTE_CLOSED,
  name: 'on-dispute-closed',
  handle: (event, context) => recordAndSettle(event, context, closeDispute),
};
