import { Type } from '@liveedu/service-kit';
import { paiseToRupees } from '../payments/domain.ts';
import type { CouponDoc } from './store.ts';

/** A coupon as the API shows it to its maker: money in rupees, instants as ISO strings. */
export const CouponView = Type.Object({
  _id: Type.String(),
  code: Type.String(),
  courseId: Type.Union([Type.String(), Type.Null()]),
  scope: Type.Union([Type.Literal('course'), Type.Literal('tutor'), Type.Literal('platform')]),
  percentOff: Type.Optional(Type.Integer()),
  /** Rupees. */
  amountOff: Type.Optional(Type.Number()),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  maxUses: Type.Optional(Type.Integer()),
  perUser: Type.Integer(),
  /** Uses reserved by open checkouts or redeemed by paid ones. */
  used: Type.Integer(),
  active: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});

export function couponView(coupon: CouponDoc) {
  return {
    _id: coupon._id.toHexString(),
    code: coupon.code,
    courseId: coupon.courseId,
    scope: coupon.scope,
    ...(typeof coupon.percentOff === 'number' ? { percentOff: coupon.percentOff } : {}),
    ...(typeof coupon.amountOffPaise === 'number' ? { amountOff: paiseToRupees(coupon.amountOffPaise) } : {}),
    startsAt: coupon.startsAt.toISOString(),
    endsAt: coupon.endsAt.toISOString(),
    ...(typeof coupon.maxUses === 'number' ? { maxUses: coupon.maxUses } : {}),
    perUser: coupon.perUser,
    used: coupon.used,
    active: coupon.active,
    createdAt: coupon.createdAt.toISOString(),
  };
}
