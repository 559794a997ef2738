import type { IntegrationEvent } from '../event.ts';
import type { OrderCourse } from './payments-payment-succeeded.ts';

export const PAYMENTS_REFUND_PROCESSED = 'payments.refund.processed';

/**
 * Razorpay refunded one course of an order (Razorpay's `refund.processed`): the catalog ends the
 * enrollment and revokes the course's certificate, and earnings debits the tutor's and the
 * platform's shares of `amountPaise` (what is given back: what was paid for this course).
 * Published once per order and course; the event id is `refund-processed:<orderId>:<courseId>`.
 */
export interface PaymentsRefundProcessedData extends OrderCourse {
  /** The refund request's id (payments' `refund_requests`). */
  requestId: string;
  /** Razorpay's refund id (`rfnd_…`). */
  refundId: string;
  refundedAt: string;
}

export type PaymentsRefundProcessed = IntegrationEvent<
  typeof PAYMENTS_REFUND_PROCESSED,
  PaymentsRefundProcessedData
>;
