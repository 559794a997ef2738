import { badRequest, RazorpayApiError } from './errors.ts';
import { nowSeconds, razorpayId } from './ids.ts';
import { field, parseNotes, type RawFields } from './params.ts';
import type { Notes, PaymentEntity } from './store.ts';

/**
 * A refund as Razorpay answers it (`POST /v1/payments/:id/refund`) and sends it in `refund.*`
 * webhooks. Razorpay's entity names no reason for a failed refund; the sandbox adds the payment
 * entity's `error_*` fields to a failed one so a consumer can show why.
 */
export interface RefundEntity {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal' | null;
  speed_requested: 'normal' | 'optimum';
  error_code?: string;
  error_description?: string;
  error_reason?: string;
}

/**
 * What the next refunds of a payment come to, as a test chose: `processed` (the default), `failed`
 * (accepted, then `refund.failed`), or `unavailable` (the API answers 500 and records nothing).
 */
export type RefundOutcome =
  | { outcome: 'processed' }
  | { outcome: 'failed'; reason?: string }
  | { outcome: 'unavailable' };

export const REFUND_OUTCOMES = ['processed', 'failed', 'unavailable'] as const;

/** Why a refund a test made fail failed, unless it said. */
export const DEFAULT_REFUND_FAILURE = "The customer's bank could not credit the refund.";
/** Razorpay refunds at least ₹1. */
export const MIN_REFUND_PAISE = 100;

const ALLOWED_REFUND_FIELDS = new Set(['amount', 'notes', 'speed', 'receipt']);

export interface RefundInput {
  /** Absent: whatever of the payment is not refunded yet. */
  amount?: number;
  notes: Notes;
  speed: 'normal' | 'optimum';
  receipt: string | null;
}

/** Validates a refund body (JSON, or form fields with `notes[k]`) as Razorpay does. */
export function parseRefund(body: unknown): RefundInput {
  const raw: RawFields =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as RawFields) : {};
  for (const key of Object.keys(raw)) {
    const top = key.replace(/\[.*$/, '');
    if (!ALLOWED_REFUND_FIELDS.has(top)) {
      throw badRequest(`${top} is/are not required and should not be sent`, top, 'extra_field_sent');
    }
  }
  const amountText = field(raw, 'amount');
  let amount: number | undefined;
  if (amountText !== '') {
    amount = Number(amountText);
    if (!/^\d+$/.test(amountText) || !Number.isSafeInteger(amount)) {
      throw badRequest('The amount must be an integer.', 'amount');
    }
    if (amount < MIN_REFUND_PAISE) throw badRequest('The amount must be atleast INR 1.00', 'amount');
  }
  const speed = field(raw, 'speed') || 'normal';
  if (speed !== 'normal' && speed !== 'optimum') {
    throw badRequest('The selected speed is invalid.', 'speed');
  }
  const receipt = field(raw, 'receipt');
  if (receipt.length > 40) throw badRequest('The receipt may not be greater than 40 characters.', 'receipt');
  return {
    ...(amount === undefined ? {} : { amount }),
    notes: parseNotes(raw),
    speed,
    receipt: receipt || null,
  };
}

/**
 * In-memory refunds of one sandbox process, and the outcome tests chose per payment. Bounded:
 * past `maxRefunds` the oldest refund is forgotten.
 */
export class RefundStore {
  private readonly refunds = new Map<string, RefundEntity>();
  private readonly outcomes = new Map<string, RefundOutcome>();

  constructor(private readonly maxRefunds = 10_000) {}

  setOutcome(paymentId: string, outcome: RefundOutcome): void {
    this.outcomes.set(paymentId, outcome);
  }

  outcomeOf(paymentId: string): RefundOutcome {
    return this.outcomes.get(paymentId) ?? { outcome: 'processed' };
  }

  /** The payment's refunds, newest first, as `GET /v1/payments/:id/refunds` lists them. */
  ofPayment(paymentId: string): RefundEntity[] {
    return [...this.refunds.values()].filter((refund) => refund.payment_id === paymentId).reverse();
  }

  /**
   * A pending refund of a captured payment, for at most what is not refunded yet (refunds that
   * failed give their amount back). Refused as Razorpay refuses it; `unavailable` answers 500.
   */
  create(payment: PaymentEntity, input: RefundInput): RefundEntity {
    if (this.outcomeOf(payment.id).outcome === 'unavailable') {
      throw new RazorpayApiError(
        500,
        'We are facing some trouble completing your request at the moment. Please try again shortly.',
      );
    }
    if (payment.status !== 'captured') {
      throw badRequest('Only a captured payment can be refunded', 'id', 'payment_not_captured');
    }
    const taken = this.ofPayment(payment.id)
      .filter((refund) => refund.status !== 'failed')
      .reduce((sum, refund) => sum + refund.amount, 0);
    const left = payment.amount - taken;
    if (left <= 0) {
      throw badRequest('The payment has been fully refunded already', 'id', 'payment_fully_refunded');
    }
    const amount = input.amount ?? left;
    if (amount > left) {
      throw badRequest('The refund amount provided is greater than amount captured', 'amount');
    }
    this.evict();
    const refund: RefundEntity = {
      id: razorpayId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: input.notes,
      receipt: input.receipt,
      acquirer_data: { arn: null },
      created_at: nowSeconds(),
      batch_id: null,
      status: 'pending',
      speed_processed: null,
      speed_requested: input.speed,
    };
    this.refunds.set(refund.id, refund);
    return refund;
  }

  /**
   * Settles a pending refund by the outcome chosen for its payment: processed (the payment's
   * `amount_refunded` and `refund_status` follow) or failed, with why.
   */
  settle(refund: RefundEntity, payment: PaymentEntity): RefundEntity {
    const chosen = this.outcomeOf(payment.id);
    if (chosen.outcome === 'failed') {
      Object.assign(refund, {
        status: 'failed',
        error_code: 'BAD_REQUEST_ERROR',
        error_description: chosen.reason || DEFAULT_REFUND_FAILURE,
        error_reason: 'refund_failed',
      });
      return refund;
    }
    refund.status = 'processed';
    refund.speed_processed = 'normal';
    refund.acquirer_data = { arn: String(10_000_000_000_000 + Math.floor(Math.random() * 9e12)) };
    payment.amount_refunded += refund.amount;
    payment.refund_status = payment.amount_refunded >= payment.amount ? 'full' : 'partial';
    return refund;
  }

  private evict(): void {
    for (const id of this.refunds.keys()) {
      if (this.refunds.size < this.maxRefunds) break;
      this.refunds.delete(id);
    }
  }
}
