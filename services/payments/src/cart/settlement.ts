import type { Db, WithId } from 'mongodb';
import { redeemCoupon, releaseCoupon } from '../coupons/reservations.ts';
import { orderKeyOf } from '../payments/domain.ts';
import type { PaymentDoc } from '../payments/store.ts';
import { dropFromCart } from './store.ts';

/** The key of a cart's order (its coupon reservation's), from its rows; null for a one-course order. */
function cartKey(rows: readonly WithId<PaymentDoc>[]): string | null {
  if (rows.length === 0 || !rows.every((row) => row.cart)) return null;
  return orderKeyOf(rows.map((row) => row._id.toHexString()));
}

/**
 * What follows a cart's order being paid, by whichever proof came (callback, webhook, or nothing
 * to pay): its coupon's use is kept for good, and its courses leave the buyer's cart. Any number
 * of calls do it once; a one-course order is none of its business.
 */
export async function cartOrderPaid(db: Db, rows: readonly WithId<PaymentDoc>[]): Promise<void> {
  const key = cartKey(rows);
  const buyer = rows[0]?.studentId;
  if (key === null || buyer === undefined) return;
  if (rows.some((row) => row.couponId)) await redeemCoupon(db, key);
  await dropFromCart(
    db,
    buyer,
    rows.map((row) => row.courseId),
  );
}

/**
 * A cart's payment failed (Razorpay's `payment.failed`): its coupon's use is given back, so another
 * buyer may have it. Should the buyer retry and pay the same order after all, the payment counts
 * the use again.
 */
export async function cartOrderFailed(db: Db, rows: readonly WithId<PaymentDoc>[]): Promise<void> {
  const key = cartKey(rows);
  if (key === null || rows.some((row) => row.success) || !rows.some((row) => row.couponId)) return;
  await releaseCoupon(db, key);
}
