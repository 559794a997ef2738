/**
 * Refunds by a visible rule: within 30 days of the payment and under 30% of the course completed,
 * a request is approved at once; any other waits for the admin. What a student is shown of it, how
 * a request moves between its states, and what Razorpay's answers mean. No I/O in here: the clock,
 * the progress and the stored request come in as arguments.
 */
import type { OrderCourse, PaymentsRefundProcessedData } from '@liveedu/contracts';

export const REFUND_WINDOW_DAYS = 30;
/** Completed items, in percent of the course, from which a request goes to the admin. */
export const REFUND_MAX_COMPLETED_PERCENT = 30;
export const REFUND_RULE = 'Refundable within 30 days of purchase while under 30% of the course is completed';

/**
 * `pending`: waits for the admin; `approved`: by the rule or the admin, the refund asked of
 * Razorpay (or about to be); `refunded`: Razorpay processed it; `rejected` by the admin;
 * `failed`: Razorpay could not refund it.
 */
export const REFUND_STATUSES = ['pending', 'approved', 'rejected', 'refunded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A line may have one request that is pending, approved or refunded; after the others, another. */
export const HOLDS_LINE: ReadonlySet<RefundStatus> = new Set(['pending', 'approved', 'refunded']);

export const DECISIONS = ['approve', 'reject'] as const;
export type Decision = (typeof DECISIONS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last instant a payment made at `paidAt` can be refunded by the rule (exclusive). */
export function refundableUntil(paidAt: Date): Date {
  return new Date(paidAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS);
}

/** Whether the rule approves a request at once: still within the window, and under 30% done. */
export function approvedByRule(opts: { paidAt: Date; completedPercent: number; now: Date }): boolean {
  return (
    opts.now.getTime() < refundableUntil(opts.paidAt).getTime() &&
    opts.completedPercent < REFUND_MAX_COMPLETED_PERCENT
  );
}

/** A date as the standing says it, in India's calendar: `27 Dec`. Made once: building it costs more than an order-history page. */
const SHORT_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'Asia/Kolkata',
});
const shortDate = (at: Date) => SHORT_DATE.format(at);

/**
 * Where the student stands with the rule, in words: `refundable until 27 Dec, 12% completed`; once
 * past it, why not. Without the progress (the catalog did not answer) only the date is said.
 */
export function standingText(opts: { paidAt: Date; completedPercent?: number; now: Date }): string {
  const until = refundableUntil(opts.paidAt);
  const done = opts.completedPercent === undefined ? '' : `, ${opts.completedPercent}% completed`;
  if (opts.now.getTime() >= until.getTime()) return `refund window ended ${shortDate(until)}${done}`;
  if (opts.completedPercent === undefined) {
    return `refundable until ${shortDate(until)} while under ${REFUND_MAX_COMPLETED_PERCENT}% is completed`;
  }
  if (opts.completedPercent >= REFUND_MAX_COMPLETED_PERCENT) {
    return `${opts.completedPercent}% completed, past the ${REFUND_MAX_COMPLETED_PERCENT}% a refund allows`;
  }
  return `refundable until ${shortDate(until)}${done}`;
}

/** What the order history says of a paid line's refund. */
export interface RefundStanding {
  /** When the rule's window closes (ISO). */
  refundableUntil: string;
  /** Absent when the catalog could not say. */
  completedPercent?: number;
  /** A request made now would be approved at once (and none holds the line). */
  refundable: boolean;
  rule: string;
  /** The standing in words (`standingText`). */
  standing: string;
  /** The line's latest request, if any. */
  status?: RefundStatus;
  requestId?: string;
}

export function refundStanding(opts: {
  paidAt: Date;
  completedPercent?: number;
  request?: { id: string; status: RefundStatus };
  now: Date;
}): RefundStanding {
  const { paidAt, completedPercent, request, now } = opts;
  const held = request !== undefined && HOLDS_LINE.has(request.status);
  return {
    refundableUntil: refundableUntil(paidAt).toISOString(),
    ...(completedPercent === undefined ? {} : { completedPercent }),
    refundable: !held && completedPercent !== undefined && approvedByRule({ paidAt, completedPercent, now }),
    rule: REFUND_RULE,
    standing: standingText({ paidAt, ...(completedPercent === undefined ? {} : { completedPercent }), now }),
    ...(request ? { status: request.status, requestId: request.id } : {}),
  };
}

/** What the admin's decision writes on a pending request, and whether it lets the line go. */
export function decisionOutcome(decision: Decision): {
  status: 'approved' | 'rejected';
  releasesLine: boolean;
} {
  return decision === 'approve'
    ? { status: 'approved', releasesLine: false }
    : { status: 'rejected', releasesLine: true };
}

/** A line paid nothing (a 100% coupon) is refunded without Razorpay, under this id. */
export const noProviderRefundId = (requestId: string) => `free_${requestId}`;

/** Whether a refund of this amount goes through Razorpay (it refunds at least ₹1). */
export const needsProvider = (amountPaise: number) => amountPaise > 0;

/**
 * Razorpay's refusal of a refund (a 400 in its error shape: more than is left, a payment it
 * cannot refund), with its description; null for anything that may pass on a retry (no answer,
 * a 5xx, a timeout).
 */
export function providerRefusal(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { statusCode, error: body } = error as { statusCode?: unknown; error?: { description?: unknown } };
  if (statusCode !== 400) return null;
  return typeof body?.description === 'string' && body.description.length > 0
    ? body.description.slice(0, 500)
    : 'Razorpay refused the refund';
}

/** Why a refund failed, from Razorpay's `refund.failed` (the sandbox names it; Razorpay may not). */
export function failureReasonOf(refund: Record<string, unknown>): string {
  const said = refund.error_description;
  return typeof said === 'string' && said.length > 0
    ? said.slice(0, 500)
    : 'Razorpay could not process the refund';
}

/** What a refund request stores of the line it is for. */
export type RefundLine = OrderCourse;

/** The stable id of the one fact "this course of this order was refunded". */
export const refundProcessedEventId = (orderId: string, courseId: string) =>
  `refund-processed:${orderId}:${courseId}`;

export function refundProcessedData(
  line: RefundLine,
  ids: { requestId: string; refundId: string },
  at: Date,
): PaymentsRefundProcessedData {
  return {
    requestId: ids.requestId,
    refundId: ids.refundId,
    orderId: line.orderId,
    paymentId: line.paymentId,
    courseId: line.courseId,
    courseTitle: line.courseTitle,
    studentId: line.studentId,
    tutorId: line.tutorId,
    amountPaise: line.amountPaise,
    refundedAt: at.toISOString(),
  };
}

/** Whether Razorpay's refund entity is the refund of this line: its payment, for its amount. */
export function refundMatchesLine(
  refund: Record<string, unknown>,
  line: Pick<RefundLine, 'paymentId' | 'amountPaise'>,
): boolean {
  return refund.payment_id === line.paymentId && refund.amount === line.amountPaise;
}
