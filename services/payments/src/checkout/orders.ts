import { calendarKeys } from '@liveedu/calendar';
import type { CallerIdentity } from '@liveedu/contracts';
import { badRequest, conflict, HttpError, type Outbox } from '@liveedu/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, ObjectId } from 'mongodb';
import type Razorpay from 'razorpay';
import { priceByTerms, redeemCoupon, releaseCoupon, reserveCoupon } from '../coupons/reservations.ts';
import { orderKeyOf } from '../payments/domain.ts';
import { markPaid, type PaymentDoc, recordOrder } from '../payments/store.ts';
import { openCheckout } from './store.ts';

/**
 * What checkout answers: the Razorpay order, its `amount` in paise as checkout.js expects it, and
 * whether it is paid already (a coupon took the whole price: no Razorpay order, nothing to pay).
 */
export interface PlacedOrder {
  orderId: string;
  data: { amount: number; id: string };
  paid: boolean;
}

/** The course being bought, as the catalog sells it. */
export interface CourseForSale {
  _id: string;
  title: string;
  tutorId: string;
  pricePaise: number;
}

/** What the order asks: the course's price, what is paid after the coupon, and the buyer's state. */
export interface OrderTerms {
  listPricePaise: number;
  amountPaise: number;
  coupon?: { couponId: string; code: string };
  /** A GST state code, for the tax invoice. */
  billingState?: string;
}

/** What placing an order uses of the service. */
export interface OrderPlace {
  db: Db;
  outbox: Outbox;
  razorpay: () => Promise<Razorpay>;
  log: FastifyBaseLogger;
  requestId: string;
}

/**
 * The order's terms: the course's price, less what the coupon (if any) takes; a coupon that is
 * unknown, off, outside its window or for another course is a 400. Its uses are judged when the
 * order reserves one (`placeOrder`), so a double click still finds the first click's order.
 */
export async function orderTerms(
  db: Db,
  course: CourseForSale,
  asked: { couponCode?: string; billingState?: string },
): Promise<OrderTerms> {
  const base = {
    listPricePaise: course.pricePaise,
    amountPaise: course.pricePaise,
    ...(asked.billingState ? { billingState: asked.billingState } : {}),
  };
  if (asked.couponCode === undefined) return base;
  const line = { courseId: course._id, tutorId: course.tutorId, pricePaise: course.pricePaise };
  const priced = await priceByTerms(db, asked.couponCode, [line], new Date());
  if (!priced.ok) throw badRequest(priced.message);
  const amountPaise = priced.lines[0]?.payablePaise ?? course.pricePaise;
  return { ...base, amountPaise, coupon: { couponId: priced.couponId, code: priced.code } };
}

/** One course of an order and what is paid for it. */
export interface OrderLine {
  course: CourseForSale;
  terms: OrderTerms;
}

/** An order of one course or of a cart's courses, paid with one Razorpay order. */
export interface OrderOf {
  /**
   * What a second checkout of the same thing at the same instant is known by (see
   * `openCheckout`): the course's id, or the content of a cart.
   */
  slot: string;
  lines: OrderLine[];
  /** The coupon the order uses: one use reserved for the whole order, however many lines it takes off. */
  coupon?: { couponId: string; code: string };
  /** What Razorpay keeps on the order. */
  notes: Record<string, string>;
  /** A cart's order: every row says so, and each publishes its own event. */
  cart?: true;
  /** What a second checkout is told when the first has no order yet after the wait. */
  busy: string;
}

/**
 * Creates the Razorpay order for a course the buyer may buy, and its payment row (unpaid). With a
 * coupon, one use is reserved for the row first (a 400 when it is refused) and the order is for
 * the discounted amount; when nothing is left to pay there is no Razorpay order, and the row is
 * paid at once, so the catalog enrolls the buyer and earnings records the ₹0 sale.
 */
export function placeOrder(
  place: OrderPlace,
  buyer: CallerIdentity,
  course: CourseForSale,
  terms: OrderTerms,
): Promise<PlacedOrder> {
  return placeLines(place, buyer, {
    slot: course._id,
    lines: [{ course, terms }],
    ...(terms.coupon ? { coupon: terms.coupon } : {}),
    notes: { course: course._id, student: buyer.userId, tutor: course.tutorId },
    busy: 'A payment for this course is already being started, please try again',
  });
}

/**
 * Places an order of one or more courses: one Razorpay order for the sum of what its lines cost,
 * and one payment row per course (unpaid), written before the order is answered. With a coupon,
 * one use is reserved for the order first (a 400 when it is refused); when nothing is left to pay
 * there is no Razorpay order, and every row is paid at once through the same transition as a paid
 * order's, so the catalog enrolls the buyer and earnings records each ₹0 sale.
 */
export async function placeLines(
  place: OrderPlace,
  buyer: CallerIdentity,
  order: OrderOf,
): Promise<PlacedOrder> {
  const { db, log } = place;
  const amountPaise = order.lines.reduce((sum, line) => sum + line.terms.amountPaise, 0);
  // A second checkout of the same thing at the same price at the same instant answers the
  // first one's order (and holds no second use of its coupon).
  const opened = await openCheckout(db, buyer.userId, order.slot, amountPaise);
  if (opened.kind === 'same') return placed(opened.orderId, amountPaise);
  if (opened.kind === 'busy') throw conflict(order.busy);

  const rowIds = order.lines.map(() => new ObjectId());
  const orderKey = orderKeyOf(rowIds.map((id) => id.toHexString()));
  const giveUp = async () => {
    if (order.coupon) await releaseCoupon(db, orderKey).catch(() => {});
    await opened.abandon().catch(() => {});
  };
  if (order.coupon) {
    const reserved = await reserveCoupon(db, order.coupon.couponId, buyer.userId, orderKey, new Date()).catch(
      async (error: unknown) => {
        await giveUp();
        throw error;
      },
    );
    if (!reserved.ok) {
      await opened.abandon().catch(() => {});
      throw badRequest(reserved.message);
    }
  }

  let orderId = `free_${orderKey}`;
  if (amountPaise > 0) {
    try {
      const created = await (await place.razorpay()).orders.create({
        amount: amountPaise,
        currency: 'INR',
        receipt: orderKey,
        notes: order.notes,
      });
      orderId = created.id;
    } catch (error) {
      await giveUp();
      log.error({ err: error }, 'Razorpay refused to create an order');
      throw new HttpError(502, 'The payment provider is unavailable, please try again');
    }
  }

  const rows = order.lines.map((line, i) => ({
    ...paymentRow(rowIds[i] as ObjectId, orderId, buyer, line.course, line.terms),
    ...(order.cart ? { cart: order.cart } : {}),
  }));
  // Written at once, so an abandoned checkout shows as Fail in the order history (listed
  // first: an entry whose row never came is skipped, a row missing from the list is not).
  try {
    for (const row of rows) await recordOrder(db, row);
  } catch (error) {
    await giveUp();
    throw error;
  }
  if (amountPaise === 0) {
    // Nothing to pay: the coupon is the proof. The same transition as a paid order's.
    for (const row of rows) {
      await markPaid(place.outbox, db, row, `coupon_${orderKey}`, 'coupon', place.requestId);
    }
    if (order.coupon) await redeemCoupon(db, orderKey);
  }
  await opened.created(orderId);
  return placed(orderId, amountPaise);
}

const placed = (orderId: string, amountPaise: number): PlacedOrder => ({
  orderId,
  data: { amount: amountPaise, id: orderId },
  paid: amountPaise === 0,
});

function paymentRow(
  rowId: ObjectId,
  orderId: string,
  buyer: CallerIdentity,
  course: CourseForSale,
  terms: OrderTerms,
): PaymentDoc {
  const now = new Date();
  return {
    _id: rowId,
    razorpay_order_id: orderId,
    courseId: course._id,
    courseTitle: course.title,
    studentId: buyer.userId,
    studentUsername: buyer.username,
    tutorId: course.tutorId,
    amountPaise: terms.amountPaise,
    currency: 'INR',
    success: false,
    createdAt: now,
    ...calendarKeys(now),
    ...(terms.coupon
      ? {
          listPricePaise: terms.listPricePaise,
          couponCode: terms.coupon.code,
          couponId: terms.coupon.couponId,
        }
      : {}),
    ...(terms.billingState ? { billingState: terms.billingState } : {}),
  };
}
