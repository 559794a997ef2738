import type { ServiceApp } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import { paymentsDeps } from '../checkout/deps.ts';
import { priceByTerms, priceWithCoupon } from '../coupons/reservations.ts';
import { boughtHere } from '../payments/store.ts';
import {
  atListPrice,
  CART_MESSAGES,
  type CartLine,
  chargeable,
  couponApplied,
  notForSale,
  saleRefusal,
} from './domain.ts';
import { cartOf, dropFromCart } from './store.ts';

/** A course of a cart as the catalog sells it now: a line the buyer may buy, or why not. */
export type LookedUp =
  | { courseId: string; line: CartLine; refusal?: never }
  | { courseId: string; refusal: string };

/**
 * Asks the catalog about every course (`courseForSale`, as checkout does), and this service whether
 * the buyer bought it here: each becomes a line at its price, or the reason it cannot be bought.
 * The catalog down is a 503, as for checkout.
 */
export function lookUpCourses(
  app: ServiceApp,
  buyerId: string,
  courseIds: readonly string[],
  requestId: string,
): Promise<LookedUp[]> {
  const { catalog } = paymentsDeps(app);
  return Promise.all(
    courseIds.map(async (courseId): Promise<LookedUp> => {
      const sale = await catalog.call(
        'courseForSale',
        { params: { courseId }, query: { buyerId } },
        requestId,
      );
      if (!sale.ok) return { courseId, refusal: notForSale(courseId) };
      const course = sale.body;
      const refusal = saleRefusal(course, buyerId, await boughtHere(app.db, buyerId, course._id));
      if (refusal) return { courseId, refusal };
      const { _id, title, tutorId, pricePaise } = course;
      return { courseId, line: atListPrice({ courseId: _id, title, tutorId, pricePaise }) };
    }),
  );
}

/** What the cart's view says of the coupon code asked about. */
export interface CouponState {
  code: string;
  valid: boolean;
  message: string;
}

/** The cart priced with a code, and the coupon to reserve when it can be used. */
export interface PricedCart {
  lines: CartLine[];
  coupon: CouponState | null;
  use?: { couponId: string; code: string };
}

/**
 * Prices the lines with a coupon code. Showing the cart, a code is judged whole (its terms, and
 * whether a use is left for this buyer); at checkout by its terms only, its uses being judged when
 * the order reserves one (so a double click finds the first click's order). A code that cannot be
 * used leaves every line at its price, saying why.
 */
export async function priceCart(
  db: Db,
  buyerId: string,
  lines: CartLine[],
  couponCode: string | undefined,
  judge: 'whole' | 'terms',
): Promise<PricedCart> {
  if (couponCode === undefined) return { lines, coupon: null };
  const code = couponCode.trim();
  if (lines.length === 0) return { lines, coupon: { code, valid: false, message: CART_MESSAGES.empty } };
  const now = new Date();
  const priced =
    judge === 'whole'
      ? await priceWithCoupon(db, code, lines, buyerId, now)
      : await priceByTerms(db, code, lines, now);
  if (!priced.ok) return { lines, coupon: { code, valid: false, message: priced.message } };
  const discounted = lines.map((line, i) => {
    const applies = priced.lines[i]?.couponApplies === true;
    const payablePaise = applies
      ? chargeable(priced.lines[i]?.payablePaise ?? line.pricePaise)
      : line.pricePaise;
    return { ...line, couponApplies: applies, payablePaise };
  });
  return {
    lines: discounted,
    coupon: { code: priced.code, valid: true, message: couponApplied(discounted) },
    use: { couponId: priced.couponId, code: priced.code },
  };
}

/**
 * The lines of the user's stored cart as the catalog sells them now. Courses that meanwhile
 * became the buyer's (bought, enrolled) or stopped being sold leave the stored cart.
 */
export async function currentLines(app: ServiceApp, userId: string, requestId: string): Promise<CartLine[]> {
  const looked = await lookUpCourses(app, userId, await cartOf(app.db, userId), requestId);
  const gone = looked.filter((course) => course.refusal !== undefined).map((course) => course.courseId);
  await dropFromCart(app.db, userId, gone);
  return looked.flatMap((course) => (course.refusal === undefined ? [course.line] : []));
}
