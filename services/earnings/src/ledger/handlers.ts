import { calendarKeys } from '@liveedu/calendar';
import { PAYMENTS_PAYMENT_SUCCEEDED, type PaymentsPaymentSucceeded } from '@liveedu/contracts';
import { type EventHandler, isDuplicateKey } from '@liveedu/service-kit';
import { isPaise, splitPayment } from './domain.ts';
import { creditAccount, LEDGER, type LedgerEntry } from './store.ts';

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const instant = (value: unknown): Date | null => {
  const date = typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/**
 * Credits the tutor 80% and the platform 20% of a successful payment: the tutor's account total
 * first (guarded on the payment id, so a retry adds nothing), then the ledger entry, whose id is
 * the event id and whose payment id is unique. A repeated event (or the same payment reported
 * twice) credits once, and a crash between the two steps is finished by the redelivery.
 */
export const onPaymentSucceeded: EventHandler<PaymentsPaymentSucceeded> = {
  event: PAYMENTS_PAYMENT_SUCCEEDED,
  name: 'on-payment-succeeded',
  async handle(event, { db, log }) {
    const data = event.data ?? ({} as PaymentsPaymentSucceeded['data']);
    const paidAt = instant(data.paidAt) ?? instant(event.occurredAt);
    if (!text(data.paymentId) || !text(data.tutorId) || !isPaise(data.amountPaise) || !paidAt) {
      // Retrying cannot fix a malformed fact; keep it visible in the logs instead of looping.
      log.error({ eventId: event.id, data }, 'ignoring a payment event that cannot be credited');
      return;
    }
    const split = splitPayment(data.amountPaise);
    const entry: LedgerEntry = {
      _id: event.id,
      paymentId: data.paymentId,
      orderId: String(data.orderId ?? ''),
      courseId: String(data.courseId ?? ''),
      courseTitle: String(data.courseTitle ?? ''),
      studentId: String(data.studentId ?? ''),
      tutorId: data.tutorId,
      grossPaise: data.amountPaise,
      ...split,
      paidAt,
      ...calendarKeys(paidAt),
      recordedAt: new Date(),
    };
    if (await LEDGER.in(db).findOne({ paymentId: data.paymentId }, { projection: { _id: 1 } })) {
      log.info({ eventId: event.id, paymentId: data.paymentId }, 'payment already credited');
      return;
    }
    await creditAccount(db, data.tutorId, data.paymentId, split.tutorPaise);
    try {
      await LEDGER.in(db).insertOne(entry);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      log.info({ eventId: event.id, paymentId: data.paymentId }, 'payment already credited');
    }
  },
};
