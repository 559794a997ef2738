/**
 * The coupons the soak makes, and what a course costs with one, by the rule the payments README
 * states (not by asking the platform): a whole percentage takes floor(price × pct / 100) paise, an
 * amount at most the price, and a rest below ₹1 (Razorpay's least order) is nothing.
 */

/** Razorpay's least order, in paise: a line left below it after its coupon is free. */
export const LEAST_ORDER_PAISE = 100;

export interface SoakCoupon {
  id: string;
  /** As stored: upper case. */
  code: string;
  /** A course's, a tutor's for all their courses, or the admin's for every course. */
  scope: 'course' | 'tutor' | 'platform';
  courseId: string | null;
  /** Whose courses it is for (a course coupon's: the course's tutor); null for the platform's. */
  tutorId: string | null;
  percentOff?: number;
  amountOffPaise?: number;
  /** Uses the coupon allows in all; unlimited when absent. */
  maxUses?: number;
}

/** Whether the coupon takes anything off this course. */
export function couponApplies(
  coupon: Pick<SoakCoupon, 'scope' | 'courseId' | 'tutorId'>,
  course: { id: string; tutorId: string },
): boolean {
  if (coupon.scope === 'platform') return true;
  if (coupon.scope === 'tutor') return coupon.tutorId === course.tutorId;
  return coupon.courseId === course.id;
}

/** What a course priced `pricePaise` costs with the coupon (which must apply to it), in paise. */
export function paidWithCoupon(
  pricePaise: number,
  coupon: Pick<SoakCoupon, 'percentOff' | 'amountOffPaise'>,
): number {
  const off =
    coupon.percentOff !== undefined
      ? Math.floor((pricePaise * coupon.percentOff) / 100)
      : Math.min(coupon.amountOffPaise ?? 0, pricePaise);
  const rest = pricePaise - off;
  return rest < LEAST_ORDER_PAISE ? 0 : rest;
}
