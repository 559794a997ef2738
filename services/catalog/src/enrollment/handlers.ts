import {
  PAYMENTS_PAYMENT_SUCCEEDED,
  PAYMENTS_REFUND_PROCESSED,
  type PaymentsPaymentSucceeded,
  type PaymentsRefundProcessed,
} from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { revokeCertificate } from '../certificates/store.ts';
import { enroll } from './store.ts';
import { endEnrollment } from './unenroll.ts';

/**
 * A paid course enrolls its buyer (into `enrollments`, and so into the course's `enrolledCount`);
 * the only other way in is a free course's `POST api/v1/enroll-free/{courseId}`.
 */
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
    if (enrolled === 'no-course')
      log.error({ eventId: event.id, courseId }, 'payment for an unknown course; nothing to enroll');
  },
};

/**
 * A refunded course is no longer the student's: the enrollment ends (the course's count goes down
 * once, the course leaves their list, learning it is refused) and their certificate of it is
 * revoked. Both are safe to repeat, so a redelivered refund changes nothing more.
 */
export const onRefundProcessed: EventHandler<PaymentsRefundProcessed> = {
  event: PAYMENTS_REFUND_PROCESSED,
  name: 'on-refund-processed',
  async handle(event, { db, log, outbox }) {
    const { courseId, studentId, paymentId, refundedAt } = event.data;
    if (!/^[0-9a-f]{24}$/i.test(courseId)) {
      log.error({ eventId: event.id, courseId }, 'refund of a course id that cannot exist; ignored');
      return;
    }
    const ended = await endEnrollment(db, outbox, { courseId: courseId.toLowerCase(), studentId, paymentId });
    if (ended === 'held-otherwise') {
      log.warn({ eventId: event.id, courseId }, 'the refunded payment no longer holds the enrollment; kept');
      return;
    }
    await revokeCertificate(db, studentId, courseId.toLowerCase(), new Date(refundedAt || event.occurredAt));
  },
};
