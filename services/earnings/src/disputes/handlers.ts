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
 * Freezes the credit of every course the disputed payment paid for, until the dispute closes.
 * Repeating it changes nothing; after the dispute's `closed` it freezes nothing.
 */
export const onDisputeCreated: EventHandler<PaymentsDisputeCreated> = {
  event: PAYMENTS_DISPUTE_CREATED,
  name: 'on-dispute-created',
  async handle(event, { db, log }) {
    const facts = factsOf(event, log);
    if (!facts) return;
    await openDispute(db, facts);
    await settleFreezes(db, facts.paymentId);
  },
};

/** Releases what the dispute froze, whether its `created` came before or comes after. */
export const onDisputeClosed: EventHandler<PaymentsDisputeClosed> = {
  event: PAYMENTS_DISPUTE_CLOSED,
  name: 'on-dispute-closed',
  async handle(event, { db, log }) {
    const facts = factsOf(event, log);
    if (!facts) return;
    await closeDispute(db, facts);
    await settleFreezes(db, facts.paymentId);
  },
};
