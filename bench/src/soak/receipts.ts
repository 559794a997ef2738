/**
 * What the soak itself knows it did: every payment the sandbox accepted, every card it declined,
 * every review sent. The platform's books are checked against these at the end; the soak never
 * asks the platform what it bought.
 */
import type { Session } from '../http.ts';
import type { SoakCourse } from './seed-through-api.ts';

export interface Receipt {
  orderId: string;
  /** Razorpay's payment id: the key of the tutor's ledger credit. */
  paymentId: string;
  studentId: string;
  courseId: string;
  tutorId: string;
  pricePaise: number;
  /** `performance.now()` when the sandbox accepted the card. */
  paidAt: number;
}

const pair = (studentId: string, courseId: string) => `${studentId}:${courseId}`;

export class Receipts {
  readonly paid: Receipt[] = [];
  declined = 0;
  /** The rating each student last gave each course: a second review replaces the first. */
  readonly ratings = new Map<string, Map<string, number>>();
  /** Courses with a review whose fate no answer told. */
  readonly reviewsInDoubt = new Set<string>();
  /** Bought, or declined once (not tried again, so a declined pair can never hide a lost one). */
  private readonly taken = new Set<string>();
  /** A purchase or a review of the pair is on its way: nothing else is started for it. */
  private readonly busy = new Set<string>();

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

  recordPaid(receipt: Receipt): void {
    this.paid.push(receipt);
  }

  /**
   * A receipt older than `minAgeMs` (its enrollment has had time to arrive) whose pair has no
   * review on its way, claimed for one; `pick(n)` chooses among the first n.
   */
  claimReview(pick: (count: number) => number, minAgeMs: number): Receipt | null {
    // Receipts are recorded as payments complete, so the old enough ones come first.
    const young = this.paid.findIndex((r) => performance.now() - r.paidAt < minAgeMs);
    const count = young < 0 ? this.paid.length : young;
    if (count === 0) return null;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const receipt = this.paid[pick(count)]!;
      const key = pair(receipt.studentId, receipt.courseId);
      if (this.busy.has(key)) continue;
      this.busy.add(key);
      return receipt;
    }
    return null;
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
}
