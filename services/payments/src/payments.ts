import { PAYMENTS_PAYMENT_SUCCEEDED, type PaymentsPaymentSucceededData } from '@liveedu/contracts';
import { type CollectionIndexes, newEvent, type Outbox } from '@liveedu/service-kit';
import type { Collection, Db, ObjectId, WithId } from 'mongodb';
import type { PaymentFields } from './domain/payment.ts';

export const PAYMENTS = 'payments';
/** Webhook deliveries already acted on, by Razorpay's event id. */
export const WEBHOOK_EVENTS = 'webhook_events';

export type PaymentDoc = PaymentFields & { _id: ObjectId };

export const paymentsOf = (db: Db): Collection<PaymentDoc> => db.collection<PaymentDoc>(PAYMENTS);

export const paymentIndexes: CollectionIndexes[] = [
  {
    collection: PAYMENTS,
    indexes: [
      // One row per order: the success transition is keyed on it.
      { key: { razorpay_order_id: 1 }, name: 'order_unique', unique: true },
      { key: { studentId: 1, createdAt: -1 }, name: 'by_student' },
      { key: { studentId: 1, day: 1 }, name: 'by_student_day' },
      { key: { studentId: 1, courseId: 1, success: 1 }, name: 'bought' },
      { key: { tutorId: 1, success: 1, createdAt: -1 }, name: 'by_tutor' },
      { key: { createdAt: -1 }, name: 'newest' },
    ],
  },
];

/** The stable id of the one fact "this order was paid", whoever proves it and however often. */
export const paymentSucceededEventId = (orderId: string) => `payment-succeeded:${orderId}`;

/**
 * Marks an order paid and queues `payments.payment.succeeded` in the same single-document write.
 * Only a row still unpaid matches, so callbacks, webhooks and replays race to one transition;
 * the losers get `null` back and change nothing.
 */
export async function markPaid(
  outbox: Outbox,
  row: WithId<PaymentDoc>,
  paymentId: string,
  by: 'callback' | 'webhook',
  requestId?: string,
): Promise<PaymentDoc | null> {
  const paidAt = new Date();
  const data: PaymentsPaymentSucceededData = {
    orderId: row.razorpay_order_id,
    paymentId,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    studentId: row.studentId,
    tutorId: row.tutorId,
    amountPaise: row.amountPaise,
    paidAt: paidAt.toISOString(),
  };
  const event = newEvent(PAYMENTS_PAYMENT_SUCCEEDED, data, {
    id: paymentSucceededEventId(row.razorpay_order_id),
    occurredAt: paidAt,
    ...(requestId ? { requestId } : {}),
  });
  return outbox.findOneAndUpdate<PaymentDoc>(
    PAYMENTS,
    { _id: row._id, razorpay_order_id: row.razorpay_order_id, success: false },
    { $set: { success: true, razorpay_payment_id: paymentId, paidAt, verifiedBy: by } },
    [event],
    { returnDocument: 'after' },
  );
}
