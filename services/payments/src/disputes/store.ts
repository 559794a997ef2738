import type { IntegrationEvent, PaymentsDisputeData } from '@liveedu/contracts';
import { isDuplicateKey, type Outbox, storedCollection } from '@liveedu/service-kit';

export interface DisputeDoc {
  /** Razorpay's dispute id (`disp_…`). */
  _id: string;
  paymentId: string;
  orderId: string;
  lines: PaymentsDisputeData['lines'];
  status: string;
  openedAt: Date;
  /** Set once, by the first report that the dispute ended. */
  closedAt?: Date;
}

/** One document per dispute, carrying its events (an outbox collection). */
export const DISPUTES = storedCollection<DisputeDoc>('disputes', [
  { key: { paymentId: 1 }, name: 'by_payment' },
]);

/** Inserts the dispute with its event; false when it is known already. */
async function insertOnce(outbox: Outbox, doc: DisputeDoc, event: IntegrationEvent): Promise<boolean> {
  try {
    await outbox.insertOne<DisputeDoc>(DISPUTES.collection, doc, [event]);
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/**
 * Records an opened dispute and queues `payments.dispute.created` in the same write, once
 * however often it is reported; false when the dispute was known already (opened, or ended first).
 */
export function recordOpened(outbox: Outbox, doc: DisputeDoc, event: IntegrationEvent): Promise<boolean> {
  return insertOnce(outbox, doc, event);
}

/**
 * Records the end of a dispute and queues `payments.dispute.closed` in the same write, once: only
 * a dispute not ended yet matches. One whose opening never arrived is recorded ended, so an opening
 * delivered late changes nothing.
 */
export async function recordEnded(
  outbox: Outbox,
  doc: DisputeDoc & { closedAt: Date },
  event: IntegrationEvent,
): Promise<boolean> {
  const ended = await outbox.findOneAndUpdate<DisputeDoc>(
    DISPUTES.collection,
    { _id: doc._id, closedAt: { $exists: false } },
    { $set: { status: doc.status, closedAt: doc.closedAt } },
    [event],
  );
  return ended !== null || (await insertOnce(outbox, doc, event));
}
