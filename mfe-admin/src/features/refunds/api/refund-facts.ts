import type { AdminRefundRequest, RefundStatus } from '@liveedu/api-client';

/** The refund rule's window: `refundableUntil` is this many days after the purchase. */
export const REFUND_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When the course was paid for: the rule's window, counted back from its end. */
export function purchasedAt(request: Pick<AdminRefundRequest, 'refundableUntil'>): Date {
  return new Date(Date.parse(request.refundableUntil) - REFUND_WINDOW_DAYS * DAY_MS);
}

/** Whole days from the purchase to the request: what the rule judged (30 or more is past it). */
export function daysSincePurchase(
  request: Pick<AdminRefundRequest, 'refundableUntil' | 'createdAt'>,
): number {
  const days = (Date.parse(request.createdAt) - purchasedAt(request).getTime()) / DAY_MS;
  return Number.isFinite(days) ? Math.max(0, Math.floor(days)) : 0;
}

/** The queue's filters: pending first, as the admin works through them. */
export const REFUND_FILTERS: readonly { id: RefundStatus | 'all'; label: string }[] = [
  { id: 'pending', label: 'Pending' },
  { id: 'approved', label: 'Approved' },
  { id: 'refunded', label: 'Refunded' },
  { id: 'rejected', label: 'Rejected' },
  { id: 'failed', label: 'Failed' },
  { id: 'all', label: 'All' },
];

export const STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  refunded: 'Refunded',
  rejected: 'Rejected',
  failed: 'Failed',
};

/** What the server's answer to a decision means, in words. */
export function decisionOutcome(
  request: Pick<AdminRefundRequest, 'status' | 'courseTitle' | 'user'>,
): string {
  const whose = `${request.user.username}’s request for ${request.courseTitle}`;
  switch (request.status) {
    case 'approved':
      return `Approved ${whose}: Razorpay is refunding it`;
    case 'refunded':
      return `Approved ${whose}: refunded`;
    case 'failed':
      return `Approved ${whose}, but the refund failed`;
    case 'rejected':
      return `Rejected ${whose}`;
    default:
      return `${whose} is ${request.status}`;
  }
}
