import type { RefundStanding } from '@liveedu/api-client';

/** What the student is told when a request goes to the admin rather than being approved at once. */
export const OUTSIDE_RULE = 'Outside the automatic refund rule: an admin will review your request';

/** A day as the refund rule names it, in India's calendar: `27 Dec`. */
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });

/**
 * Where a paid line stands with the refund rule: "Refundable until 27 Dec · 12% completed" while a
 * request would be approved at once, otherwise the server's reason ("Refund window ended 27 Dec").
 */
export function standingWords(refund: RefundStanding): string {
  if (refund.refundable) {
    const until = `Refundable until ${day.format(new Date(refund.refundableUntil))}`;
    return refund.completedPercent === undefined ? until : `${until} · ${refund.completedPercent}% completed`;
  }
  return refund.standing.charAt(0).toUpperCase() + refund.standing.slice(1);
}

/** A request's state as the line says it. */
export const REFUND_STATUS_WORDS: Record<NonNullable<RefundStanding['status']>, string> = {
  pending: 'Refund pending: an admin will review your request',
  approved: 'Refund approved',
  refunded: 'Refunded',
  rejected: 'Refund rejected',
  failed: 'Refund failed',
};

/** Whether the line may be asked about (again): none asked yet, or the last one rejected or failed. */
export const mayAskRefund = (refund: RefundStanding) =>
  refund.status === undefined || refund.status === 'rejected' || refund.status === 'failed';
