import { Type } from '@liveedu/service-kit';
import type { WithId } from 'mongodb';
import { paiseToRupees } from '../payments/domain.ts';
import { REFUND_RULE, REFUND_STATUSES, type RefundStatus, refundableUntil } from './domain.ts';
import type { RefundRequestDoc } from './store.ts';

const Status = Type.Enum([...REFUND_STATUSES]);

/** A refund request as its student sees it; response schemas double as filters. */
export const RefundRequestView = Type.Object({
  _id: Type.String(),
  orderId: Type.String(),
  courseId: Type.String(),
  courseTitle: Type.String(),
  /** What is given back, in rupees: what was paid for this course. */
  amount: Type.Number(),
  reason: Type.String(),
  status: Status,
  rule: Type.String(),
  /** When the rule's 30 days end (ISO). */
  refundableUntil: Type.String(),
  /** What the student had completed when they asked; absent when the catalog could not say. */
  completedPercent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  createdAt: Type.String(),
  decidedBy: Type.Optional(Type.Union([Type.Literal('rule'), Type.Literal('admin')])),
  decidedAt: Type.Optional(Type.String()),
  note: Type.Optional(Type.String()),
  refundedAt: Type.Optional(Type.String()),
  failureReason: Type.Optional(Type.String()),
});

/** The admin's view adds who asked. */
export const AdminRefundRequestView = Type.Object({
  ...RefundRequestView.properties,
  user: Type.Object({ _id: Type.String(), username: Type.String() }),
});

const iso = (at: Date | undefined) => (at ? at.toISOString() : undefined);

/** Leaves out what is undefined, so optional fields are absent rather than null. */
const defined = <T extends Record<string, unknown>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };

export function presentRequest(doc: WithId<RefundRequestDoc>) {
  return {
    _id: doc._id.toHexString(),
    orderId: doc.orderId,
    courseId: doc.courseId,
    courseTitle: doc.courseTitle,
    amount: paiseToRupees(doc.amountPaise),
    reason: doc.reason,
    status: doc.status as RefundStatus,
    rule: REFUND_RULE,
    refundableUntil: refundableUntil(doc.paidAt).toISOString(),
    createdAt: doc.createdAt.toISOString(),
    ...defined({
      completedPercent: doc.completedPercent,
      decidedBy: doc.decidedBy,
      decidedAt: iso(doc.decidedAt),
      note: doc.note,
      refundedAt: iso(doc.refundedAt),
      failureReason: doc.failureReason,
    }),
  };
}

export function presentForAdmin(doc: WithId<RefundRequestDoc>) {
  return { ...presentRequest(doc), user: { _id: doc.studentId, username: doc.studentUsername } };
}

/** A paid line's refund in the order history (`refundStanding` in domain.ts). */
export const RefundStandingView = Type.Object({
  refundableUntil: Type.String({ description: 'When the rule’s 30 days end (ISO)' }),
  completedPercent: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100, description: 'Absent when the catalog could not say' }),
  ),
  refundable: Type.Boolean({ description: 'A request made now would be approved at once' }),
  rule: Type.String(),
  standing: Type.String({ description: 'e.g. "refundable until 27 Dec, 12% completed"' }),
  status: Type.Optional(Status),
  requestId: Type.Optional(Type.String()),
});
