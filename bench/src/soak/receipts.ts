/**
 * What the soak itself knows it did: every course a payment the sandbox accepted paid for (one
 * receipt per course, so a cart's order gives several), what was paid for it by the coupon's
 * rule, every card declined, every refund the platform approved, every review sent. The
 * platform's books are checked against these at the end; the soak never asks the platform what
 * it bought or what it cost.
 */
import type { Session } from '../http.ts';
import type { SoakCoupon } from './coupons.ts';
import type { SoakCourse } from './seed-through-api.ts';

export interface Receipt {
  orderId: string;
  /** Razorpay's payment id (`coupon_…` for an order a coupon paid whole): the key of the ledger's sale line. */
  paymentId: string;
  studentId: string;
  courseId: string;
  tutorId: string;
  /** The course's price before any coupon, in paise. */
  pricePaise: number;
  /** What was paid for this course, in paise: its price, less the coupon that applies to it. */
  paidPaise: number;
  /** The coupon that priced this course (the code as stored); absent when none applied to it. */
  couponCode?: string;
  /** The coupon the order was checked out with: one use for the whole order, whatever it applied to. */
  orderCoupon?: string;
  /** One line of a cart's order: its other courses share the order and the payment. */
  cart?: true;
  /** `performance.now()` when the sandbox accepted the card (or the coupon paid the order whole). */
  paidAt: number;
  /**
   * `performance.now()` when the platform answered the refund request approved. Razorpay's
   * `refund.processed` makes it a fact afterwards; the books wait for that before reading.
   */
  refundedAt?: number;
}

/** The kinds of order the soak paid for, counted per order. */
export interface OrderCounts {
  /** One course at its price. */
  oneCourse: number;
  /** One course with a coupon. */
  withCoupon: number;
  /** Several courses, one payment. */
  cart: number;
  /** Orders a coupon paid whole, without Razorpay (also counted above). */
  free: number;
}

const pair = (studentId: string, courseId: string) => `${studentId}:${courseId}`;

export class Receipts {
  readonly paid: Receipt[] = [];
  declined = 0;
  readonly orders: OrderCounts = { oneCourse: 0, withCoupon: 0, cart: 0, free: 0 };
  /** The rating each student last gave each course: a second review replaces the first. */
  readonly ratings = new Map<string, Map<string, number>>();
  /** Courses with a review whose fate no answer told. */
  readonly reviewsInDoubt = new Set<string>();
  /** Pairs whose refund was asked for and not approved (refused, or no answer told): never asked again. */
  readonly refundsNotApproved = new Set<string>();
  /** Bought, or declined once (not tried again, so a declined pair can never hide a lost one). */
  private readonly taken = new Set<string>();
  /** A purchase, a review or a refund of the pair is on its way: nothing else is started for it. */
  private readonly busy = new Set<string>();
  /** `student:code` of every coupon a student checked out with, whatever came of it. */
  private readonly couponsTried = new Set<string>();
  /** Checkouts started with each coupon, paid, declined or on their way. */
  private readonly couponStarts = new Map<string, number>();
  /** Students whose cart is being filled and paid: one cart at a time each. */
  private readonly carting = new Set<string>();

  /** Claims a pair to buy, if it was neither bought, declined nor being bought. */
  claimPurchase(student: Session, course: SoakCourse): boolean {
    const key = pair(student.userId, course.id);
    if (this.taken.has(key) || this.busy.has(key)) return false;
    this.busy.add(key);
    return true;
  }

  /** Ends a claimed purchase; `outcome` says whether the pair is now bought or declined, or free again. */
  endPurchase(student: Session, course: SoakCourse, outcome: 'paid' | 'declined' | 'not-started'): void {
    const key = pair(student.userId, course.id);
    this.busy.delete(key);
    if (outcome !== 'not-started') this.taken.add(key);
  }

  /**
   * Claims a coupon for a student's checkout: each student uses each coupon once at most (the
   * coupons allow one use a buyer), and never more checkouts start with it than it allows uses,
   * so no checkout the soak starts is refused for uses (a declined one gives its use back only
   * when Razorpay's `payment.failed` arrives, so it counts here for good).
   */
  claimCoupon(student: Session, coupon: SoakCoupon): boolean {
    const key = `${student.userId}:${coupon.code}`;
    const started = this.couponStarts.get(coupon.code) ?? 0;
    if (this.couponsTried.has(key) || (coupon.maxUses !== undefined && started >= coupon.maxUses))
      return false;
    this.couponsTried.add(key);
    this.couponStarts.set(coupon.code, started + 1);
    return true;
  }

  couponTried(student: Session, coupon: SoakCoupon): boolean {
    return this.couponsTried.has(`${student.userId}:${coupon.code}`);
  }

  /** Claims the student's cart, if they are not filling or paying one already. */
  claimCart(student: Session): boolean {
    if (this.carting.has(student.userId)) return false;
    this.carting.add(student.userId);
    return true;
  }

  endCart(student: Session): void {
    this.carting.delete(student.userId);
  }

  /** The courses one paid order bought: one receipt each. */
  recordOrder(lines: Receipt[]): void {
    if (lines.length === 0) return;
    this.paid.push(...lines);
    if (lines.length > 1) this.orders.cart += 1;
    else if (lines[0]!.orderCoupon) this.orders.withCoupon += 1;
    else this.orders.oneCourse += 1;
    if (lines.every((line) => line.paidPaise === 0)) this.orders.free += 1;
  }

  /** Receipts whose refund was approved. */
  get refunded(): Receipt[] {
    return this.paid.filter((r) => r.refundedAt !== undefined);
  }

  /**
   * A receipt older than `minAgeMs` (its enrollment has had time to arrive), neither refunded nor
   * asked to be, whose pair has nothing else on its way, claimed; `pick(n)` chooses among the
   * first n.
   */
  private claimSettled(pick: (count: number) => number, minAgeMs: number): Receipt | null {
    // Receipts are recorded as payments complete, so the old enough ones come first.
    const young = this.paid.findIndex((r) => performance.now() - r.paidAt < minAgeMs);
    const count = young < 0 ? this.paid.length : young;
    if (count === 0) return null;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const receipt = this.paid[pick(count)]!;
      const key = pair(receipt.studentId, receipt.courseId);
      if (this.busy.has(key) || receipt.refundedAt !== undefined || this.refundsNotApproved.has(key))
        continue;
      this.busy.add(key);
      return receipt;
    }
    return null;
  }

  /** A course its student has owned for `minAgeMs`, claimed for a review. */
  claimReview(pick: (count: number) => number, minAgeMs: number): Receipt | null {
    return this.claimSettled(pick, minAgeMs);
  }

  /** A course its student has owned for `minAgeMs`, claimed for a refund request. */
  claimRefund(pick: (count: number) => number, minAgeMs: number): Receipt | null {
    return this.claimSettled(pick, minAgeMs);
  }

  /**
   * Ends a claimed review: `rating` when it was saved, null when it was refused, 'unknown' when no
   * answer said (the course's review count is then not checked, and the missing answer fails the run).
   */
  endReview(receipt: Receipt, rating: number | null | 'unknown'): void {
    this.busy.delete(pair(receipt.studentId, receipt.courseId));
    if (rating === null) return;
    if (rating === 'unknown') {
      this.reviewsInDoubt.add(receipt.courseId);
      return;
    }
    let byStudent = this.ratings.get(receipt.courseId);
    if (!byStudent) {
      byStudent = new Map();
      this.ratings.set(receipt.courseId, byStudent);
    }
    byStudent.set(receipt.studentId, rating);
  }

  /**
   * Ends a claimed refund request: approved (the receipt is refunded from now on, and the books
   * expect the platform to have processed it), or not (refused, or no answer: the pair is kept
   * as paid and never asked about again; the answer has failed the run already).
   */
  endRefund(receipt: Receipt, approved: boolean): void {
    const key = pair(receipt.studentId, receipt.courseId);
    this.busy.delete(key);
    if (approved) receipt.refundedAt = performance.now();
    else this.refundsNotApproved.add(key);
  }
}
