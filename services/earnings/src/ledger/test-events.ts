/** For the earnings' own tests: the payments service's events the ledger takes, as it publishes them. */
import {
  PAYMENTS_REFUND_PROCESSED,
  type PaymentsPaymentSucceeded,
  type PaymentsRefundProcessed,
} from '@liveedu/contracts';
import { newEvent } from '@liveedu/service-kit';

/** The refund of a sale's course: `amountPaise` given back (all that was paid unless said). */
export function refundOf(
  sale: PaymentsPaymentSucceeded,
  amountPaise = sale.data.amountPaise,
): PaymentsRefundProcessed {
  const { orderId, paymentId, courseId, courseTitle, studentId, tutorId } = sale.data;
  return newEvent(
    PAYMENTS_REFUND_PROCESSED,
    {
      requestId: `request_${sale.id}`,
      refundId: `rfnd_${paymentId}`,
      orderId,
      paymentId,
      courseId,
      courseTitle,
      studentId,
      tutorId,
      amountPaise,
      refundedAt: new Date().toISOString(),
    },
    { id: `refund-processed:${orderId}:${courseId}` },
  ) as PaymentsRefundProcessed;
}
