import { Type } from '@liveedu/service-kit';
import { paiseToRupees } from '../payments/domain.ts';
import { type CartLine, cartTotals } from './domain.ts';
import type { CouponState } from './pricing.ts';

/** The cart as `GET`/`PUT api/v1/cart` answer it; money in rupees. */
export const CartView = Type.Object({
  courseIds: Type.Array(Type.String()),
  items: Type.Array(
    Type.Object({
      courseId: Type.String(),
      title: Type.String(),
      tutorId: Type.String(),
      /** The course's price, and what is paid for it with the coupon (the price without one). */
      price: Type.Number(),
      payable: Type.Number(),
      couponApplies: Type.Boolean(),
    }),
  ),
  count: Type.Integer(),
  /** The sum of the prices, and what the cart costs with the coupon. */
  total: Type.Number(),
  payable: Type.Number(),
  /** The coupon code asked about (`?couponCode=` or the body's), whether it can be used and why. */
  coupon: Type.Union([
    Type.Object({ code: Type.String(), valid: Type.Boolean(), message: Type.String() }),
    Type.Null(),
  ]),
});

export function cartView(lines: readonly CartLine[], coupon: CouponState | null) {
  const totals = cartTotals(lines);
  return {
    courseIds: lines.map((line) => line.courseId),
    items: lines.map((line) => ({
      courseId: line.courseId,
      title: line.title,
      tutorId: line.tutorId,
      price: paiseToRupees(line.pricePaise),
      payable: paiseToRupees(line.payablePaise),
      couponApplies: line.couponApplies,
    })),
    count: totals.count,
    total: paiseToRupees(totals.totalPaise),
    payable: paiseToRupees(totals.payablePaise),
    coupon,
  };
}
