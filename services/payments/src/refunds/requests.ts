/**
 * A student's refund request and the admin's decision: who may ask for which line, what the rule
 * decides at once, and what waits for the admin. Approved requests go to Razorpay (sending.ts).
 */
import type { CallerIdentity } from '@liveedu/contracts';
import { conflict, notFound, type ServiceApp } from '@liveedu/service-kit';
import { ObjectId, type WithId } from 'mongodb';
import { paymentsDeps } from '../checkout/deps.ts';
import { PAYMENTS } from '../payments/store.ts';
import { approvedByRule, type Decision, decisionOutcome } from './domain.ts';
import { sendRefund } from './sending.ts';
import { decide, insertRequest, type RefundRequestDoc, requestById } from './store.ts';

export const ORDER_NOT_FOUND = 'Order not found';
export const ALREADY_REFUNDED = 'This course was refunded already';
export const ALREADY_REQUESTED = 'A refund of this course was asked for already';
export const REQUEST_NOT_FOUND = 'Refund request not found';
export const ALREADY_DECIDED = 'This refund request was decided already';

/** How much of the course the student completed, as the catalog says; undefined if it does not know it. */
async function completedPercent(app: ServiceApp, studentId: string, courseId: string, requestId: string) {
  const answer = await paymentsDeps(app).catalog.call(
    'learnerStandings',
    { params: { studentId }, query: { courseIds: courseId } },
    requestId,
  );
  // The answer is declared without error statuses: `ok` is always true here.
  return answer.ok ? answer.body.standings.find((s) => s.courseId === courseId)?.completedPercent : undefined;
}

/**
 * Opens the caller's request for one course of their paid order: approved at once when the rule
 * holds (and sent to Razorpay), otherwise pending for the admin. Someone else's order, or one not
 * paid, is 404; a line refunded already, or held by another request, is 409. The catalog down is
 * 503 and writes nothing.
 */
export async function openRequest(
  app: ServiceApp,
  who: CallerIdentity,
  input: { orderId: string; courseId: string; reason: string },
  requestId: string,
): Promise<WithId<RefundRequestDoc>> {
  const courseId = input.courseId.toLowerCase();
  const row = await PAYMENTS.in(app.db).findOne({ razorpay_order_id: input.orderId, courseId });
  if (!row || row.studentId !== who.userId || !row.success || !row.razorpay_payment_id) {
    throw notFound(ORDER_NOT_FOUND);
  }
  if (row.refundedAt) throw conflict(ALREADY_REFUNDED);
  const percent = await completedPercent(app, who.userId, courseId, requestId);
  const now = new Date();
  const paidAt = row.paidAt ?? row.createdAt;
  const byRule = percent !== undefined && approvedByRule({ paidAt, completedPercent: percent, now });
  const doc: WithId<RefundRequestDoc> = {
    _id: new ObjectId(),
    rowId: row._id,
    orderId: row.razorpay_order_id,
    paymentId: row.razorpay_payment_id,
    courseId,
    courseTitle: row.courseTitle,
    studentId: row.studentId,
    studentUsername: row.studentUsername,
    tutorId: row.tutorId,
    amountPaise: row.amountPaise,
    paidAt,
    reason: input.reason.trim(),
    status: byRule ? 'approved' : 'pending',
    ...(percent === undefined ? {} : { completedPercent: percent }),
    createdAt: now,
    ...(byRule ? { decidedBy: 'rule' as const, decidedAt: now } : {}),
    activeRow: row._id.toHexString(),
  };
  if (!(await insertRequest(app.db, doc))) throw conflict(ALREADY_REQUESTED);
  if (!byRule) return doc;
  await sendRefund(app, doc, requestId);
  return (await requestById(app.db, doc._id)) ?? doc;
}

/**
 * The admin approves (and the refund is sent to Razorpay) or rejects (and the line may be asked
 * again) a pending request; deciding one that is not pending is 409.
 */
export async function decideRequest(
  app: ServiceApp,
  admin: CallerIdentity,
  id: string,
  decision: { decision: Decision; note?: string },
  requestId: string,
): Promise<WithId<RefundRequestDoc>> {
  const existing = await requestById(app.db, id);
  if (!existing) throw notFound(REQUEST_NOT_FOUND);
  const note = decision.note?.trim();
  const decided = await decide(app.db, existing._id, {
    ...decisionOutcome(decision.decision),
    adminId: admin.userId,
    ...(note ? { note } : {}),
    at: new Date(),
  });
  if (!decided) throw conflict(ALREADY_DECIDED);
  if (decided.status !== 'approved') return decided;
  await sendRefund(app, decided, requestId);
  return (await requestById(app.db, decided._id)) ?? decided;
}
