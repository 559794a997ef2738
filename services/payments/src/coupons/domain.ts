import { MIN_ORDER_PAISE } from '../payments/domain.ts';

/**
 * Coupons: who a coupon is for, what it takes off a price, and when it may be used. Money is
 * integer paise here; the API speaks rupees.
 */

/** A course's coupon, a tutor's coupon for every course of theirs, or the admin's for every course. */
export type CouponScope = 'course' | 'tutor' | 'platform';

/** A coupon's code: 4–20 letters and digits, compared and stored in upper case. */
export const CODE_PATTERN = '^[A-Za-z0-9]{4,20}$';
const CODE = new RegExp(CODE_PATTERN);

/** The largest `amountOff`, in rupees. */
export const MAX_AMOUNT_OFF_RUPEES = 1_000_000;

/** How long a checkout holds a use of a coupon before paying for it: the life of its order. */
export const RESERVATION_MS = 30 * 60_000;

/** The code as stored (upper case), or null when the text cannot be a code at all. */
export function normalCode(text: string): string | null {
  const code = text.trim();
  return CODE.test(code) ? code.toUpperCase() : null;
}

/** What a coupon takes off: a whole percentage or an amount of paise (exactly one of the two). */
export interface Discount {
  percentOff?: number;
  amountOffPaise?: number;
}

/** The terms a price is judged by: what the coupon takes off, where, when and how often. */
export interface CouponTerms extends Discount {
  scope: CouponScope;
  /** The course of a course coupon; null for a tutor's or the platform's. */
  courseId: string | null;
  /** The tutor whose courses a tutor coupon is for (for a course coupon, the course's tutor). */
  tutorId: string | null;
  startsAt: Date;
  endsAt: Date;
  maxUses?: number;
  perUser: number;
  /** Uses reserved or redeemed. */
  used: number;
  active: boolean;
}

/** What a buyer is told when a coupon cannot be used. */
export const COUPON_REFUSALS = {
  unknown: 'This coupon code is not valid',
  inactive: 'This coupon is no longer active',
  notYet: 'This coupon is not valid yet',
  expired: 'This coupon has expired',
  wrongCourse: 'This coupon does not apply to this course',
  wrongCourses: 'This coupon does not apply to any of these courses',
  usedUp: 'This coupon has been used up',
  perUser: 'You have already used this coupon as many times as it allows',
} as const;

/**
 * What a line costs with the discount: a percentage takes floor(price × pct / 100) paise, an
 * amount at most the price; never below 0, and a rest below ₹1 (which Razorpay cannot charge)
 * is nothing: the line is free.
 */
export function discountedPaise(pricePaise: number, discount: Discount): number {
  const off =
    typeof discount.percentOff === 'number'
      ? Math.floor((pricePaise * discount.percentOff) / 100)
      : Math.min(discount.amountOffPaise ?? 0, pricePaise);
  const rest = Math.max(0, pricePaise - off);
  return rest < MIN_ORDER_PAISE ? 0 : rest;
}

/** Whether a coupon is for a course: its own course, any course of its tutor's, or any course. */
export function appliesTo(
  terms: Pick<CouponTerms, 'scope' | 'courseId' | 'tutorId'>,
  course: { courseId: string; tutorId: string },
): boolean {
  if (terms.scope === 'platform') return true;
  if (terms.scope === 'tutor') return terms.tutorId === course.tutorId;
  return terms.courseId === course.courseId;
}

/**
 * Why nobody may use the coupon at `now`: switched off, or outside its window (from `startsAt` up
 * to, not at, `endsAt`); null while it may be used. Its uses are judged apart (`usedUp`), after
 * the course, and once expired reservations are given back.
 */
export function availability(
  terms: Pick<CouponTerms, 'active' | 'startsAt' | 'endsAt'>,
  now: Date,
): string | null {
  if (!terms.active) return COUPON_REFUSALS.inactive;
  if (now.getTime() < terms.startsAt.getTime()) return COUPON_REFUSALS.notYet;
  if (now.getTime() >= terms.endsAt.getTime()) return COUPON_REFUSALS.expired;
  return null;
}

/** Whether every use the coupon allows is reserved or redeemed. */
export function usedUp(terms: Pick<CouponTerms, 'maxUses' | 'used'>): boolean {
  return typeof terms.maxUses === 'number' && terms.used >= terms.maxUses;
}

/** Why this buyer, who holds `count` uses already, may not use it again; or null. */
export function buyerRefusal(terms: Pick<CouponTerms, 'perUser'>, count: number): string | null {
  return count >= terms.perUser ? COUPON_REFUSALS.perUser : null;
}

/** What a buyer is told of a coupon that applies, costing `payablePaise` with it. */
export function acceptance(payablePaise: number): string {
  return payablePaise === 0 ? 'The coupon makes this course free' : 'The coupon applies to this course';
}

/** A coupon as its maker asked for it, in the API's units (rupees, ISO instants). */
export interface CouponRequest {
  code: string;
  courseId: string | null;
  percentOff?: number;
  amountOff?: number;
  startsAt: string;
  endsAt: string;
  maxUses?: number;
  perUser?: number;
}

/** The terms a valid request makes, or what is wrong with it (one sentence). */
export function couponTermsOf(request: CouponRequest):
  | {
      ok: true;
      code: string;
      discount: Discount;
      startsAt: Date;
      endsAt: Date;
      maxUses?: number;
      perUser: number;
    }
  | { ok: false; message: string } {
  const code = normalCode(request.code);
  if (!code) return { ok: false, message: 'code must be 4 to 20 letters and digits' };
  const hasPercent = request.percentOff !== undefined;
  const hasAmount = request.amountOff !== undefined;
  if (hasPercent === hasAmount)
    return { ok: false, message: 'Give either percentOff or amountOff, not both' };
  let discount: Discount;
  if (hasPercent) {
    const pct = request.percentOff as number;
    if (!Number.isInteger(pct) || pct < 1 || pct > 100) {
      return { ok: false, message: 'percentOff must be a whole number from 1 to 100' };
    }
    discount = { percentOff: pct };
  } else {
    const paise = rupeesToPaise(request.amountOff as number);
    if (paise === null || paise <= 0 || paise > MAX_AMOUNT_OFF_RUPEES * 100) {
      return {
        ok: false,
        message: `amountOff must be more than ₹0 and at most ₹${MAX_AMOUNT_OFF_RUPEES}, with at most 2 decimals`,
      };
    }
    discount = { amountOffPaise: paise };
  }
  const startsAt = new Date(request.startsAt);
  const endsAt = new Date(request.endsAt);
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) {
    return { ok: false, message: 'startsAt and endsAt must be dates and times' };
  }
  if (startsAt.getTime() >= endsAt.getTime()) return { ok: false, message: 'startsAt must be before endsAt' };
  if (request.maxUses !== undefined && (!Number.isSafeInteger(request.maxUses) || request.maxUses < 1)) {
    return { ok: false, message: 'maxUses must be a whole number from 1' };
  }
  const perUser = request.perUser ?? 1;
  if (!Number.isSafeInteger(perUser) || perUser < 1) {
    return { ok: false, message: 'perUser must be a whole number from 1' };
  }
  return {
    ok: true,
    code,
    discount,
    startsAt,
    endsAt,
    ...(request.maxUses !== undefined ? { maxUses: request.maxUses } : {}),
    perUser,
  };
}

/** Rupees with at most two decimals as whole paise; null for anything else. */
export function rupeesToPaise(rupees: number): number | null {
  if (!Number.isFinite(rupees)) return null;
  const paise = Math.round(rupees * 100);
  return Math.abs(paise - rupees * 100) < 1e-6 && Number.isSafeInteger(paise) ? paise : null;
}

/** Who a coupon is for, from who makes it and whether it names a course. */
export function scopeOf(role: 'tutor' | 'admin', courseId: string | null): CouponScope {
  if (courseId !== null) return 'course';
  return role === 'tutor' ? 'tutor' : 'platform';
}
