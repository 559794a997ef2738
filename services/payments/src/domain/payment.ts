import { paiseToRupees } from './money.ts';

/** A payment row as stored: one per Razorpay order, `success` once the payment is verified. */
export interface PaymentFields {
  razorpay_order_id: string;
  razorpay_payment_id?: string;
  courseId: string;
  courseTitle: string;
  studentId: string;
  studentUsername: string;
  tutorId: string;
  amountPaise: number;
  currency: 'INR';
  success: boolean;
  createdAt: Date;
  /** Calendar day and month of `createdAt` in Asia/Kolkata, for the history filters. */
  day: string;
  month: string;
  paidAt?: Date;
  /** What proved the payment first: the browser's callback or the provider's webhook. */
  verifiedBy?: 'callback' | 'webhook';
}

/** An order-history line in the spec's shape; missing ids are left out (the client shows '-'). */
export interface PaymentRecord {
  _id: string;
  razorpay_order_id: string;
  razorpay_payment_id?: string;
  courseEnrolled: { _id: string; title: string };
  amount: number;
  success: boolean;
  createdAt: string;
}

export function toPaymentRecord(id: string, row: PaymentFields): PaymentRecord {
  return {
    _id: id,
    razorpay_order_id: row.razorpay_order_id,
    ...(row.razorpay_payment_id ? { razorpay_payment_id: row.razorpay_payment_id } : {}),
    courseEnrolled: { _id: row.courseId, title: row.courseTitle },
    amount: paiseToRupees(row.amountPaise),
    success: row.success,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Where each segment of the verification address must agree with the stored order. */
export interface VerificationPath {
  orderId: string;
  courseId: string;
  userId: string;
  teacherId: string;
  amount: string;
}
