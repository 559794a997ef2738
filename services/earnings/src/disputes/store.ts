import { isDuplicateKey, storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import { LEDGER, ledgerLists } from '../ledger/store.ts';
import { type DisputeState, freezePlan } from './domain.ts';

/** The latest that is known of a dispute of a payment, whichever of its events came first. */
export interface DisputeDoc {
  /** Razorpay's dispute id. */
  _id: string;
  paymentId: string;
  orderId: string;
  state: DisputeState;
  /** Razorpay's status at the latest event (`open`, `won`, `lost`, `closed`, …). */
  status: string;
  openedAt?: Date;
  closedAt?: Date;
  updatedAt: Date;
}

export const DISPUTES = storedCollection<DisputeDoc>('disputes', [
  { key: { paymentId: 1 }, name: 'by_payment' },
]);

export interface DisputeFacts {
  disputeId: string;
  paymentId: string;
  orderId: string;
  status: string;
  at: Date;
}

/**
 * Records a dispute as open, unless it is already closed: a `closed` that arrived first wins.
 * The upsert's filter does not match a closed dispute, so its insert is refused by the id.
 */
export async function openDispute(db: Db, facts: DisputeFacts): Promise<void> {
  try {
    await DISPUTES.in(db).updateOne(
      { _id: facts.disputeId, state: { $ne: 'closed' } },
      {
        $set: {
          paymentId: facts.paymentId,
          orderId: facts.orderId,
          state: 'open',
          status: facts.status,
          openedAt: facts.at,
          updatedAt: new Date(),
        },
      },
      { upsert: true },
    );
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

/** Records a dispute as closed, for good. */
export async function closeDispute(db: Db, facts: DisputeFacts): Promise<void> {
  const write = () =>
    DISPUTES.in(db).updateOne(
      { _id: facts.disputeId },
      {
        $set: {
          paymentId: facts.paymentId,
          orderId: facts.orderId,
          state: 'closed',
          status: facts.status,
          closedAt: facts.at,
          updatedAt: new Date(),
        },
      },
      { upsert: true },
    );
  try {
    await write();
  } catch (error) {
    // Two upserts of the same new dispute at once: the other inserted it; close it now.
    if (!isDuplicateKey(error)) throw error;
    await write();
  }
}

/** Whether the payment has ever been disputed. */
export async function isDisputed(db: Db, paymentId: string): Promise<boolean> {
  return (await DISPUTES.in(db).findOne({ paymentId }, { projection: { _id: 1 } })) !== null;
}

/**
 * Brings the payment's sale lines in line with its disputes: released from disputes that are
 * over, frozen by an open one. Freezing is checked afterwards: a dispute closed meanwhile may have
 * released its lines before they were frozen, so the plan is made again until the dispute that
 * froze is still open (or none is). A dispute only ever goes from open to closed, so this ends.
 */
export async function settleFreezes(db: Db, paymentId: string): Promise<void> {
  const ledger = LEDGER.in(db);
  const { frozenLines } = ledgerLists(db);
  // A disputed payment's sales, each listed among its tutor's frozen lines before it is frozen
  // (a tutor's balance reads that list, never the ledger by flag); read by payment, which the
  // embedded database scans for, but only for the rare payment that is disputed.
  const sales = await ledger
    .find({ paymentId, refundKey: { $exists: false } }, { projection: { _id: 1, tutorId: 1 } })
    .toArray();
  for (;;) {
    const disputes = await DISPUTES.in(db)
      .find({ paymentId }, { projection: { _id: 1, state: 1 } })
      .toArray();
    const plan = freezePlan(disputes);
    if (plan.release.length > 0) {
      await ledger.updateMany({ paymentId, frozenBy: { $in: plan.release } }, { $unset: { frozenBy: '' } });
    }
    // A released line stays listed (it is read as not frozen): taking it out could race with
    // another dispute of the payment listing it again to freeze it.
    if (!plan.freezeWith) return;
    for (const sale of sales) await frozenLines.add(sale.tutorId, sale._id);
    await ledger.updateMany(
      { paymentId, refundKey: { $exists: false }, frozenBy: { $exists: false } },
      { $set: { frozenBy: plan.freezeWith } },
    );
    const still = await DISPUTES.in(db).findOne({ _id: plan.freezeWith }, { projection: { state: 1 } });
    if (still?.state === 'open') return;
  }
}
