import { calendarKeys } from '@liveedu/calendar';
import {
  PAYMENTS_PAYMENT_SUCCEEDED,
  PAYMENTS_REFUND_PROCESSED,
  type PaymentsPaymentSucceeded,
  type PaymentsRefundProcessed,
} from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { isDisputed, settleFreezes } from '../disputes/store.ts';
import { isPaise, isText, reversed, saleKey, splitPayment } from './domain.ts';
import { insertLine, type LedgerEntry, postLine, saleLine } from './store.ts';

const instant = (value: unknown): Date | null => {
  const date = typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/**
 * Credits the tutor 80% and the platform 20% of one course paid for (a one-course checkout or
 * one line of a cart, told apart by course): the sale line first, unique per payment and course
 * whatever the event id, then the tutor's account, guarded on the line's key, then the line is
 * marked taken in. A repeated event, the same line under another event id, or a redelivery after
 * a crash between the steps credits once. A course paid 0 (a whole-price coupon) gets a line of
 * zeros: nothing counts as revenue, and a refund of it finds its sale.
 */
export const onPaymentSucceeded: EventHandler<PaymentsPaymentSucceeded> = {
  event: PAYMENTS_PAYMENT_SUCCEEDED,
  name: 'on-payment-succeeded',
  async handle(event, { db, log }) {
    const data = event.data ?? ({} as PaymentsPaymentSucceeded['data']);
    const paidAt = instant(data.paidAt) ?? instant(event.occurredAt);
    const valid = isText(data.paymentId) && isText(data.courseId) && isText(data.tutorId);
    if (!valid || !isPaise(data.amountPaise) || !paidAt) {
      // Retrying cannot fix a malformed fact; keep it visible in the logs instead of looping.
      log.error({ eventId: event.id, data }, 'ignoring a payment event that cannot be credited');
      return;
    }
    const line = await insertLine(db, {
      _id: event.id,
      kind: 'sale',
      paymentId: data.paymentId,
      orderId: String(data.orderId ?? ''),
      courseId: data.courseId,
      courseTitle: String(data.courseTitle ?? ''),
      studentId: String(data.studentId ?? ''),
      tutorId: data.tutorId,
      grossPaise: data.amountPaise,
      ...splitPayment(data.amountPaise),
      paidAt,
      ...calendarKeys(paidAt),
      recordedAt: new Date(),
      unposted: true,
    });
    // A dispute that came before its sale (or while it was written) freezes it too.
    if (await isDisputed(db, data.paymentId)) await settleFreezes(db, data.paymentId);
    if (!line.unposted) {
      log.info({ eventId: event.id, sale: saleKey(data.paymentId, data.courseId) }, 'sale already credited');
      return;
    }
    await postLine(db, line);
  },
};

/**
 * Debits what a refunded course's sale credited, exactly its own split reversed: a refund line
 * (negative amounts, dated when the refund was made, so figures of that period are net of it),
 * unique per sale, then the tutor's account once, as a sale is credited. The sale must be in the
 * ledger first: until it is, the event fails and is delivered again.
 */
export const onRefundProcessed: EventHandler<PaymentsRefundProcessed> = {
  event: PAYMENTS_REFUND_PROCESSED,
  name: 'on-refund-processed',
  async handle(event, { db, log }) {
    const data = event.data ?? ({} as PaymentsRefundProcessed['data']);
    const refundedAt = instant(data.refundedAt) ?? instant(event.occurredAt);
    if (!isText(data.paymentId) || !isText(data.courseId) || !refundedAt) {
      log.error({ eventId: event.id, data }, 'ignoring a refund event that cannot be debited');
      return;
    }
    const sale = await saleLine(db, data.paymentId, data.courseId);
    if (!sale) throw new Error(`the sale refunded by ${event.id} is not in the ledger yet`);
    if (data.amountPaise !== sale.grossPaise) {
      log.warn(
        { eventId: event.id, refundedPaise: data.amountPaise, soldPaise: sale.grossPaise },
        "a refund of another amount than the sale's: the sale's own split is reversed",
      );
    }
    const refund: LedgerEntry = {
      _id: event.id,
      kind: 'refund',
      paymentId: sale.paymentId,
      orderId: sale.orderId,
      courseId: sale.courseId,
      courseTitle: sale.courseTitle,
      studentId: sale.studentId,
      tutorId: sale.tutorId,
      ...reversed(sale),
      paidAt: refundedAt,
      ...calendarKeys(refundedAt),
      recordedAt: new Date(),
      refundKey: saleKey(sale.paymentId, sale.courseId),
      ...(isText(data.refundId) ? { refundId: data.refundId } : {}),
      unposted: true,
    };
    const line = await insertLine(db, refund);
    if (!line.unposted) {
      log.info({ eventId: event.id, refund: line.refundKey }, 'refund already debited');
      return;
    }
    await postLine(db, line);
  },
};
