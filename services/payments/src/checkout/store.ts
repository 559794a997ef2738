import { randomUUID } from 'node:crypto';
import { isDuplicateKey, storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import { purchaseKey } from '../payments/domain.ts';

export const REUSE_MS = 10_000;
/** How long a second checkout waits for the first one's order (Razorpay answers in well under that). */
const WAIT_MS = 10_000;

export interface OpenCheckoutDoc {
  _id: string;
  claim: string;
  at: Date;
  amountPaise: number;
  orderId?: string;
}

/**
 * One checkout at a time per student and course: a second checkout of the same course at the
 * same price within `REUSE_MS` of the first (a double click, two tabs) is answered with the
 * first one's order, so one order and one payment row result, never two payable orders.
 * Keyed `studentId:courseId`; the slot is taken by one atomic upsert, which a concurrent one
 * loses with a duplicate key.
 */
export const OPEN_CHECKOUTS = storedCollection<OpenCheckoutDoc>('open_checkouts');

export type Opened =
  /** This checkout creates the order; it calls `created` with it, or `abandon` when it cannot. */
  | { kind: 'new'; created(orderId: string): Promise<void>; abandon(): Promise<void> }
  /** The same checkout began a moment ago: its order is the answer. */
  | { kind: 'same'; orderId: string }
  /** The same checkout began a moment ago and has no order yet after the wait. */
  | { kind: 'busy' };

export async function openCheckout(
  db: Db,
  studentId: string,
  courseId: string,
  amountPaise: number,
): Promise<Opened> {
  const rows = OPEN_CHECKOUTS.in(db);
  const _id = purchaseKey(studentId, courseId);
  const claim = randomUUID();
  const at = new Date();
  try {
    // Free, stale, or for another price (the tutor changed it): this checkout takes the slot.
    const taken = await rows.findOneAndUpdate(
      {
        _id,
        $or: [{ at: { $lt: new Date(at.getTime() - REUSE_MS) } }, { amountPaise: { $ne: amountPaise } }],
      },
      { $set: { claim, at, amountPaise }, $unset: { orderId: '' } },
      { upsert: true, returnDocument: 'after' },
    );
    if (taken?.claim === claim) {
      return {
        kind: 'new',
        created: async (orderId) => {
          await rows.updateOne({ _id, claim }, { $set: { orderId } });
        },
        abandon: async () => {
          await rows.deleteOne({ _id, claim });
        },
      };
    }
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  const until = Date.now() + WAIT_MS;
  while (Date.now() < until) {
    const open = await rows.findOne({ _id });
    if (!open) break;
    if (open.orderId && open.amountPaise === amountPaise) return { kind: 'same', orderId: open.orderId };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { kind: 'busy' };
}
