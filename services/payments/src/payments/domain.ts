import type { PaymentsPaymentSucceededData } from '@liveedu/contracts';

/** Money is integer paise inside the service; the API speaks rupees, as the spec does. */

/** Razorpay refuses orders below ₹1. */
export const MIN_ORDER_PAISE = 100;

/** Whether Razorpay can take a course's price (whole paise, at least ₹1) as an order's amount. */
export function sellable(pricePaise: number): boolean {
  return Number.isSafeInteger(pricePaise) && pricePaise >= MIN_ORDER_PAISE;
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/**
 * Whether the amount segment of a verification address names the stored amount. The client
 * writes the course price in rupees there (`499`, `499.5`, `499.50`); anything else is a mismatch.
 */
export function amountSegmentMatches(segment: string, amountPaise: number): boolean {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(segment)) return false;
  return Math.round(Number(segment) * 100) === amountPaise;
}

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
  /**
   * What proved the payment first: the browser's callback, the provider's webhook, or nothing
   * to pay (a coupon took the whole price, so no Razorpay order was made).
   */
  verifiedBy?: 'callback' | 'webhook' | 'coupon';
  /** The course's price before the coupon, in paise; absent when no coupon was used. */
  listPricePaise?: number;
  /** The coupon applied to this course (its code in upper case, and its id). */
  couponCode?: string;
  couponId?: string;
  /** The buyer's GST state code, for the tax invoice (see invoices/gst-states.ts). */
  billingState?: string;
  /**
   * A line of a cart: one Razorpay order (and so one `razorpay_order_id`) holds one row per
   * course, told apart by `courseId`. A one-course checkout's order holds one row.
   */
  cart?: true;
  /** The order's tax invoice number, once issued (see invoices/). */
  invoiceNumber?: string;
  /** The credit note of this course's refund, once issued. */
  creditNoteNumber?: string;
  /** When Razorpay refunded this course (`refund.processed`; see refunds/). */
  refundedAt?: Date;
  /** The refund of this course: the request that asked for it and Razorpay's refund. */
  refund?: { requestId: string; refundId: string; amountPaise: number };
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
  /** The coupon used, and the course's price before it (rupees); absent without a coupon. */
  couponCode?: string;
  listPrice?: number;
  /** The order's tax invoice (`GET api/v1/orders/{orderId}/invoice.pdf`), once issued. */
  invoiceNumber?: string;
  /** The credit note of this course's refund (`…/credit-note.pdf?courseId=`), once issued. */
  creditNoteNumber?: string;
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
    ...(row.couponCode ? { couponCode: row.couponCode } : {}),
    ...(row.listPricePaise !== undefined ? { listPrice: paiseToRupees(row.listPricePaise) } : {}),
    ...(row.invoiceNumber ? { invoiceNumber: row.invoiceNumber } : {}),
    ...(row.creditNoteNumber ? { creditNoteNumber: row.creditNoteNumber } : {}),
  };
}

/** A student's purchase of a course, as `purchases` and `open_checkouts` key it. */
export const purchaseKey = (studentId: string, courseId: string) => `${studentId}:${courseId}`;

/**
 * An order's key: the smallest id of its rows, so any holder of the rows finds it again. It keys
 * the order's coupon reservation and its receipt at Razorpay, and names an order with nothing to
 * pay (`free_<key>`, paid by `coupon_<key>`). A one-course order's key is its row's id.
 */
export function orderKeyOf(rowIds: readonly string[]): string {
  const [first, ...rest] = rowIds;
  if (first === undefined) throw new Error('an order has at least one row');
  return rest.reduce((least, id) => (id < least ? id : least), first);
}

/**
 * The stable id of the one fact "this course of this order was paid", whoever proves it and
 * however often: the order's id for a one-course order, the order's and the course's for a
 * line of a cart.
 */
export const paymentSucceededEventId = (orderId: string, cartCourseId?: string) =>
  cartCourseId === undefined
    ? `payment-succeeded:${orderId}`
    : `payment-succeeded:${orderId}:${cartCourseId}`;

/** What `payments.payment.succeeded` says of an order paid at `paidAt`. */
export function paymentSucceededData(
  row: PaymentFields,
  paymentId: string,
  paidAt: Date,
): PaymentsPaymentSucceededData {
  return {
    orderId: row.razorpay_order_id,
    paymentId,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    studentId: row.studentId,
    tutorId: row.tutorId,
    amountPaise: row.amountPaise,
    paidAt: paidAt.toISOString(),
    ...(row.listPricePaise !== undefined ? { listPricePaise: row.listPricePaise } : {}),
    ...(row.couponCode !== undefined ? { couponCode: row.couponCode } : {}),
    ...(row.cart ? { cart: true as const } : {}),
  };
}
