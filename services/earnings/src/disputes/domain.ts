/** A dispute is open from Razorpay's `payment.dispute.created` until it is won, lost or closed. */
export type DisputeState = 'open' | 'closed';

export interface DisputeView {
  _id: string;
  state: DisputeState;
}

export interface FreezePlan {
  /** Disputes that are over: the sales they froze are released. */
  release: string[];
  /** The open dispute that freezes the payment's sales not frozen yet, or null when none is open. */
  freezeWith: string | null;
}

/**
 * What the disputes of one payment ask of its sales: a sale stays frozen while any dispute of its
 * payment is open, and a dispute that is over holds nothing. A closed dispute never opens again,
 * so its `closed` may arrive before its `created` and still win.
 */
export function freezePlan(disputes: readonly DisputeView[]): FreezePlan {
  const ids = (state: DisputeState) =>
    disputes
      .filter((dispute) => dispute.state === state)
      .map((dispute) => dispute._id)
      .sort();
  return { release: ids('closed'), freezeWith: ids('open')[0] ?? null };
}
