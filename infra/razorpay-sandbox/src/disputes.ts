import { badRequest } from './errors.ts';
import { nowSeconds, razorpayId } from './ids.ts';
import { field, type RawFields } from './params.ts';
import type { PaymentEntity } from './store.ts';

/** A dispute (chargeback) as Razorpay sends it in `payment.dispute.*` webhooks and `GET /v1/disputes/:id`. */
export interface DisputeEntity {
  id: string;
  entity: 'dispute';
  payment_id: string;
  amount: number;
  currency: string;
  amount_deducted: number;
  reason_code: string;
  respond_by: number;
  status: 'open' | 'won' | 'lost' | 'closed';
  phase: 'chargeback';
  created_at: number;
}

/** How a dispute ends, and the webhook each sends (`payment.dispute.<outcome>`). */
export const DISPUTE_OUTCOMES = ['won', 'lost', 'closed'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

/** What a test asks of a new dispute: by default the whole payment, as a chargeback. */
export interface DisputeInput {
  amount?: number;
  reasonCode: string;
}

export function parseDispute(body: unknown): DisputeInput {
  const raw: RawFields =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as RawFields) : {};
  const amountText = field(raw, 'amount');
  const amount = amountText === '' ? undefined : Number(amountText);
  if (amount !== undefined && (!/^\d+$/.test(amountText) || !Number.isSafeInteger(amount) || amount < 1)) {
    throw badRequest('The amount must be a positive integer.', 'amount');
  }
  const reasonCode = field(raw, 'reason_code') || 'chargeback';
  if (!/^[a-z_]{1,40}$/.test(reasonCode)) throw badRequest('The reason_code is invalid.', 'reason_code');
  return { ...(amount === undefined ? {} : { amount }), reasonCode };
}

export function parseDisputeOutcome(body: unknown): DisputeOutcome {
  const raw: RawFields =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as RawFields) : {};
  const outcome = field(raw, 'outcome');
  if (!(DISPUTE_OUTCOMES as readonly string[]).includes(outcome)) {
    throw badRequest(`The outcome must be one of ${DISPUTE_OUTCOMES.join(', ')}.`, 'outcome');
  }
  return outcome as DisputeOutcome;
}

/** In-memory disputes of one sandbox process, bounded as its refunds are. */
export class DisputeStore {
  private readonly disputes = new Map<string, DisputeEntity>();

  constructor(private readonly maxDisputes = 10_000) {}

  get(id: string): DisputeEntity | undefined {
    return this.disputes.get(id);
  }

  /** An open dispute of a captured payment, for at most its amount. */
  open(payment: PaymentEntity, input: DisputeInput): DisputeEntity {
    if (payment.status !== 'captured') {
      throw badRequest('Only a captured payment can be disputed', 'id', 'payment_not_captured');
    }
    const amount = input.amount ?? payment.amount;
    if (amount > payment.amount) throw badRequest('The amount is greater than the payment', 'amount');
    for (const id of this.disputes.keys()) {
      if (this.disputes.size < this.maxDisputes) break;
      this.disputes.delete(id);
    }
    const now = nowSeconds();
    const dispute: DisputeEntity = {
      id: razorpayId('disp'),
      entity: 'dispute',
      payment_id: payment.id,
      amount,
      currency: payment.currency,
      amount_deducted: 0,
      reason_code: input.reasonCode,
      respond_by: now + 7 * 24 * 3600,
      status: 'open',
      phase: 'chargeback',
      created_at: now,
    };
    this.disputes.set(dispute.id, dispute);
    return dispute;
  }

  /** Ends an open dispute; a lost one deducts its amount. Refused when it ended already. */
  close(dispute: DisputeEntity, outcome: DisputeOutcome): DisputeEntity {
    if (dispute.status !== 'open') {
      throw badRequest('The dispute is closed already', 'id', 'dispute_closed');
    }
    dispute.status = outcome;
    dispute.amount_deducted = outcome === 'lost' ? dispute.amount : 0;
    return dispute;
  }
}
