import type { IntegrationEvent } from '../event.ts';

export const PAYMENTS_DISPUTE_CREATED = 'payments.dispute.created';
export const PAYMENTS_DISPUTE_CLOSED = 'payments.dispute.closed';

/**
 * A buyer's bank disputed a payment (Razorpay's `payment.dispute.created`), or the dispute ended
 * (`payment.dispute.won`, `.lost` or `.closed`). Earnings freezes the tutor's credit for every
 * course the payment paid from `created` until `closed`. Event ids: `dispute-created:<disputeId>`
 * and `dispute-closed:<disputeId>`.
 */
export interface PaymentsDisputeData {
  /** Razorpay's dispute id (`disp_…`). */
  disputeId: string;
  paymentId: string;
  orderId: string;
  /** The courses the disputed payment paid for, each with its tutor. */
  lines: { courseId: string; tutorId: string; amountPaise: number }[];
  /** Razorpay's dispute status at the time (`open`, `won`, `lost`, `closed`, …). */
  status: string;
  at: string;
}

export type PaymentsDisputeCreated = IntegrationEvent<typeof PAYMENTS_DISPUTE_CREATED, PaymentsDisputeData>;
export type PaymentsDisputeClosed = IntegrationEvent<typeof PAYMENTS_DISPUTE_CLOSED, PaymentsDisputeData>;
