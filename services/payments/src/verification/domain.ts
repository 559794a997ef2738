import { amountSegmentMatches, type PaymentFields } from '../payments/domain.ts';

/** Where each segment of the verification address must agree with the stored order. */
export interface VerificationPath {
  orderId: string;
  courseId: string;
  userId: string;
  teacherId: string;
  amount: string;
}

/** Why the failure page is shown: the bank declined the card, or the proof did not hold. */
export type FailureReason = 'declined' | 'invalid';

/** Whether the address's course, user, teacher and amount are the stored order's. */
export function addressAgrees(
  path: VerificationPath,
  row: Pick<PaymentFields, 'courseId' | 'studentId' | 'tutorId' | 'amountPaise'>,
): boolean {
  return (
    path.courseId === row.courseId &&
    path.userId === row.studentId &&
    path.teacherId === row.tutorId &&
    amountSegmentMatches(path.amount, row.amountPaise)
  );
}
