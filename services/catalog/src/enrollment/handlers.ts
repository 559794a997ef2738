import { PAYMENTS_PAYMENT_SUCCEEDED, type PaymentsPaymentSucceeded } from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { enroll } from './store.ts';

/** A paid course is the only way into `enrollments` (and so into a course's `enrolledCount`). */
export const onPaymentSucceeded: EventHandler<PaymentsPaymentSucceeded> = {
  event: PAYMENTS_PAYMENT_SUCCEEDED,
  name: 'on-payment-succeeded',
  async handle(event, { db, log, outbox }) {
    const { courseId, studentId, paymentId, paidAt } = event.data;
    if (!ObjectId.isValid(courseId) || !/^[0-9a-f]{24}$/i.test(courseId)) {
      log.error({ eventId: event.id, courseId }, 'payment for a course id that cannot exist; ignored');
      return;
    }
    const enrolled = await enroll(db, outbox, {
      courseId,
      studentId,
      paymentId,
      at: new Date(paidAt || event.occurredAt),
    });
    if (!enrolled)
      log.error({ eventId: event.id, courseId }, 'payment for an unknown course; nothing to enroll');
  },
};
