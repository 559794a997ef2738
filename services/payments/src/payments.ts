import { PAYMENTS_PAYMENT_SUCCEEDED, type PaymentsPaymentSucceededData } from '@liveedu/contracts';
import {
  buildKeyedLists,
  type CollectionIndexes,
  keyedList,
  newEvent,
  type Outbox,
} from '@liveedu/service-kit';
import type { FastifyBaseLogger } from 'fastify';
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

/**
 * A student's orders and a tutor's paid sales, newest first, read a page at a time by key (the
 * embedded database would scan `payments` to filter and sort them).
 */
export const paymentLists = (db: Db) => ({
  studentOrders: keyedList(db, 'student_orders'),
  tutorSales: keyedList(db, 'tutor_sales'),
});
export type PaymentLists = ReturnType<typeof paymentLists>;

/** Builds the lists from the payment rows once, for rows written before the lists existed. */
export function ensurePaymentLists(db: Db, log: FastifyBaseLogger): Promise<void> {
  return buildKeyedLists(
    db,
    'keyed-lists-1',
    [
      { rows: PAYMENTS, list: 'student_orders', owner: 'studentId', item: '_id', at: 'createdAt' },
      {
        rows: PAYMENTS,
        filter: { success: true },
        list: 'tutor_sales',
        owner: 'tutorId',
        item: '_id',
        at: 'createdAt',
      },
    ],
    log,
  );
}

/** The stable id of the one fact "this order was paid", whoever proves it and however often. */
export const paymentSucceededEventId = (orderId: string) => `payment-succeeded:${orderId}`;

/**
 * Marks an order paid and queues `payments.payment.succeeded` in the same single-document write.
 * Only a row still unpaid matches, so callbacks, webhooks and replays race to one transition;
 * the losers get `null` back and change nothing.
 */
export async function markPaid(
  outbox: Outbox,
  lists: PaymentLists,
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
  // Listed first: a crash before the transition leaves an entry whose row is not paid yet, which
  // the history skips, rather than a paid sale missing from it.
  await lists.tutorSales.add(row.tutorId, row._id.toHexString());
  return outbox.findOneAndUpdate<PaymentDoc>(
    PAYMENTS,
    { _id: row._id, razorpay_order_id: row.razorpay_order_id, success: false },
    { $set: { success: true, razorpay_payment_id: paymentId, paidAt, verifiedBy: by } },
    [event],
    { returnDocument: 'after' },
  );
}
