import type { IntegrationEvent } from '../event.ts';

export const PAYMENTS_PAYMENT_SUCCEEDED = 'payments.payment.succeeded';

/** One course of an order, as the events about its money name it. */
export interface OrderCourse {
  orderId: string;
  paymentId: string;
  courseId: string;
  courseTitle: string;
  studentId: string;
  tutorId: string;
  /** Gross amount paid for this course, in paise (after any coupon; 0 for a 100% coupon). */
  amountPaise: number;
}

/**
 * One course paid for (a one-course checkout, or one line of a cart): the catalog enrolls the
 * student and earnings credits the tutor. The event id is `payment-succeeded:<orderId>` for a
 * one-course order and `payment-succeeded:<orderId>:<courseId>` for a cart's line.
 */
export interface PaymentsPaymentSucceededData extends OrderCourse {
  paidAt: string;
  /** The course's price before the coupon, in paise; absent when no coupon was used. */
  listPricePaise?: number;
  /** The coupon applied to this course, as the buyer typed it (upper case). */
  couponCode?: string;
  /**
   * Set for a line of a cart: one Razorpay payment paid several courses, so `paymentId` repeats
   * across the lines of one order and a line is told apart by `(paymentId, courseId)`.
   */
  cart?: true;
}

export type PaymentsPaymentSucceeded = IntegrationEvent<
  typeof PAYMENTS_PAYMENT_SUCCEEDED,
  PaymentsPaymentSucceededData
>;
