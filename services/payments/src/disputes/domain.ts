/**
 * Disputes (chargebacks) of a payment, as Razorpay reports them: `payment.dispute.created` opens
 * one, `payment.dispute.won`, `.lost` or `.closed` ends it. Each becomes one event, naming the
 * courses the payment paid for, so earnings can freeze their credit in between. No I/O in here.
 */
import type { PaymentsDisputeData } from '@liveedu/contracts';
import type { PaymentFields } from '../payments/domain.ts';

export const DISPUTE_CREATED = 'payment.dispute.created';
/** The webhooks that end a dispute, whatever its outcome. */
export const DISPUTE_ENDINGS: ReadonlySet<string> = new Set([
  'payment.dispute.won',
  'payment.dispute.lost',
  'payment.dispute.closed',
]);

export const disputeCreatedEventId = (disputeId: string) => `dispute-created:${disputeId}`;
export const disputeClosedEventId = (disputeId: string) => `dispute-closed:${disputeId}`;

/** What a webhook says of a dispute, once checked: its id, payment and status. */
export interface DisputeReport {
  disputeId: string;
  paymentId: string;
  status: string;
}

/** The dispute in a webhook's payload, when it names one we can key on. */
export function disputeReportOf(entity: Record<string, unknown> | undefined): DisputeReport | null {
  const id = entity?.id;
  const paymentId = entity?.payment_id;
  if (typeof id !== 'string' || !/^disp_[A-Za-z0-9]{1,40}$/.test(id)) return null;
  if (typeof paymentId !== 'string' || paymentId.length === 0 || paymentId.length > 64) return null;
  const status = typeof entity?.status === 'string' ? entity.status.slice(0, 40) : 'open';
  return { disputeId: id, paymentId, status };
}

/** The status a dispute ends with, from the webhook's name when the entity does not say. */
export function endingStatus(event: string, reported: string): string {
  return reported === 'open' || reported === 'under_review'
    ? event.slice('payment.dispute.'.length)
    : reported;
}

/** The courses a disputed payment paid for: the order's paid rows. */
export function disputeLines(
  rows: readonly Pick<PaymentFields, 'courseId' | 'tutorId' | 'amountPaise' | 'success'>[],
): PaymentsDisputeData['lines'] {
  return rows
    .filter((row) => row.success)
    .map((row) => ({ courseId: row.courseId, tutorId: row.tutorId, amountPaise: row.amountPaise }));
}

export function disputeData(
  report: DisputeReport,
  orderId: string,
  lines: PaymentsDisputeData['lines'],
  at: Date,
): PaymentsDisputeData {
  return {
    disputeId: report.disputeId,
    paymentId: report.paymentId,
    orderId,
    lines,
    status: report.status,
    at: at.toISOString(),
  };
}
