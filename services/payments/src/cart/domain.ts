import { createHash } from 'node:crypto';
import { MIN_ORDER_PAISE, sellable } from '../payments/domain.ts';

/**
 * The cart: which courses a buyer may hold in it, what it costs, and how its order is known. Money
 * is integer paise here; the API speaks rupees.
 */

/** The most courses a cart holds. */
export const MAX_CART_COURSES = 20;

/** Razorpay keeps at most 15 notes of at most 256 characters each; 10 ids and their commas fit one. */
const IDS_PER_NOTE = 10;

/** A course as the catalog sells it to this buyer. */
export interface CourseOnSale {
  _id: string;
  title: string;
  tutorId: string;
  pricePaise: number;
  /** The buyer has it already (bought, or enrolled otherwise). */
  enrolled: boolean;
}

/** A course in a cart and what it costs: its price, and what is paid for it after the coupon. */
export interface CartLine {
  courseId: string;
  title: string;
  tutorId: string;
  pricePaise: number;
  payablePaise: number;
  couponApplies: boolean;
}

export const CART_MESSAGES = {
  tooMany: `A cart holds at most ${MAX_CART_COURSES} courses`,
  empty: 'Your cart is empty',
} as const;

/** A course the catalog does not sell: unknown, or no longer listed. */
export const notForSale = (courseId: string) => `Course ${courseId} is not for sale`;

/**
 * The course ids a cart stores, in lower case and in the order given; or why the list cannot be a
 * cart (too many, or a course twice, however its id is written).
 */
export function cartCourseIds(
  ids: readonly string[],
): { ok: true; courseIds: string[] } | { ok: false; message: string } {
  if (ids.length > MAX_CART_COURSES) return { ok: false, message: CART_MESSAGES.tooMany };
  const courseIds = ids.map((id) => id.toLowerCase());
  const twice = courseIds.find((id, i) => courseIds.indexOf(id) !== i);
  if (twice !== undefined) return { ok: false, message: `Course ${twice} is in the cart twice` };
  return { ok: true, courseIds };
}

/**
 * Why this buyer may not put the course in a cart, or null: their own course, one they have
 * already (enrolled, or bought here), a free one (enrolled in, not bought) or a price Razorpay
 * cannot take.
 */
export function saleRefusal(course: CourseOnSale, buyerId: string, boughtHere: boolean): string | null {
  const name = `"${course.title}"`;
  if (course.tutorId === buyerId) return `${name} is your own course`;
  if (course.enrolled || boughtHere) return `You already have ${name}`;
  if (course.pricePaise === 0) return `${name} is free: enroll in it without paying`;
  if (!sellable(course.pricePaise)) return `${name} cannot be bought`;
  return null;
}

/** What a line costs: below ₹1 (Razorpay's least order) is nothing, so the line is free. */
export function chargeable(paise: number): number {
  return paise < MIN_ORDER_PAISE ? 0 : paise;
}

/** A line at its price, as a cart without a coupon (or with one that cannot be used) costs. */
export function atListPrice(course: Omit<CartLine, 'payablePaise' | 'couponApplies'>): CartLine {
  return { ...course, payablePaise: course.pricePaise, couponApplies: false };
}

/** How many courses, what they cost at their prices, and what is paid for them. */
export function cartTotals(lines: readonly CartLine[]): {
  count: number;
  totalPaise: number;
  payablePaise: number;
} {
  return {
    count: lines.length,
    totalPaise: lines.reduce((sum, line) => sum + line.pricePaise, 0),
    payablePaise: lines.reduce((sum, line) => sum + line.payablePaise, 0),
  };
}

/** What a buyer is told of a coupon that can be used with the cart. */
export function couponApplied(lines: readonly CartLine[]): string {
  const applied = lines.filter((line) => line.couponApplies).length;
  if (lines.length > 0 && cartTotals(lines).payablePaise === 0) return 'The coupon makes your cart free';
  if (applied === lines.length) return 'The coupon applies to every course in your cart';
  return `The coupon applies to ${applied} of the ${lines.length} courses in your cart`;
}

/**
 * What two checkouts of the same cart at the same instant share (see `openCheckout`): its courses,
 * whatever their order, and the coupon code. A changed cart is another checkout.
 */
export function cartSlot(courseIds: readonly string[], couponCode?: string): string {
  const content = [...courseIds].sort().join(',');
  const digest = createHash('sha256')
    .update(`${content}|${couponCode?.trim().toUpperCase() ?? ''}`)
    .digest('hex');
  return `cart-${digest.slice(0, 32)}`;
}

/** The notes of a cart's Razorpay order: the buyer, and the course ids ten to a note. */
export function cartOrderNotes(buyerId: string, courseIds: readonly string[]): Record<string, string> {
  const notes: Record<string, string> = { student: buyerId };
  for (let at = 0; at < courseIds.length; at += IDS_PER_NOTE) {
    const part = at / IDS_PER_NOTE + 1;
    notes[part === 1 ? 'courses' : `courses_${part}`] = courseIds.slice(at, at + IDS_PER_NOTE).join(',');
  }
  return notes;
}
