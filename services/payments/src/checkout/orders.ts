import { calendarKeys } from '@liveedu/calendar';
import type { CallerIdentity } from '@liveedu/contracts';
import { conflict, HttpError } from '@liveedu/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, ObjectId } from 'mongodb';
import type Razorpay from 'razorpay';
import { type PaymentDoc, recordOrder } from '../payments/store.ts';
import { openCheckout } from './store.ts';

/** What checkout answers: the Razorpay order, its `amount` in paise as checkout.js expects it. */
export interface PlacedOrder {
  orderId: string;
  data: { amount: number; id: string };
}

/** The course being bought, as the catalog sells it. */
export interface CourseForSale {
  _id: string;
  title: string;
  tutorId: string;
}

/** Creates the Razorpay order for a course the buyer may buy, and its payment row (unpaid). */
export async function placeOrder(
  db: Db,
  razorpay: Razorpay,
  log: FastifyBaseLogger,
  buyer: CallerIdentity,
  course: CourseForSale,
  amountPaise: number,
): Promise<PlacedOrder> {
  // A second checkout of the same course at the same instant answers the first one's order.
  const opened = await openCheckout(db, buyer.userId, course._id, amountPaise);
  if (opened.kind === 'same') {
    return { orderId: opened.orderId, data: { amount: amountPaise, id: opened.orderId } };
  }
  if (opened.kind === 'busy') {
    throw conflict('A payment for this course is already being started, please try again');
  }

  const rowId = new ObjectId();
  let order: { id: string };
  try {
    order = await razorpay.orders.create({
      amount: amountPaise,
      currency: 'INR',
      receipt: rowId.toHexString(),
      notes: { course: course._id, student: buyer.userId, tutor: course.tutorId },
    });
  } catch (error) {
    await opened.abandon().catch(() => {});
    log.error({ err: error }, 'Razorpay refused to create an order');
    throw new HttpError(502, 'The payment provider is unavailable, please try again');
  }

  const now = new Date();
  const row: PaymentDoc = {
    _id: rowId,
    razorpay_order_id: order.id,
    courseId: course._id,
    courseTitle: course.title,
    studentId: buyer.userId,
    studentUsername: buyer.username,
    tutorId: course.tutorId,
    amountPaise,
    currency: 'INR',
    success: false,
    createdAt: now,
    ...calendarKeys(now),
  };
  // Written at once, so an abandoned checkout shows as Fail in the order history (listed
  // first: an entry whose row never came is skipped, a row missing from the list is not).
  try {
    await recordOrder(db, row);
  } catch (error) {
    await opened.abandon().catch(() => {});
    throw error;
  }
  await opened.created(order.id);
  return { orderId: order.id, data: { amount: amountPaise, id: order.id } };
}
