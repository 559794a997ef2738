import type { IntegrationEvent } from '../event.ts';

export const PAYMENTS_PAYMENT_SUCCEEDED = 'payments.payment.succeeded';

export interface PaymentsPaymentSucceededData {
  orderId: string;
  paymentId: string;
  courseId: string;
  courseTitle: string;
  studentId: string;
  tutorId: string;
  /** Gross amount paid, in paise. */
  amountPaise: number;
  paidAt: string;
}

export type PaymentsPaymentSucceeded = IntegrationEvent<
  typeof PAYMENTS_PAYMENT_SUCCEEDED,
  PaymentsPaymentSucceededData
>;
