import { badRequest } from './errors.ts';
import { nowSeconds, razorpayId } from './ids.ts';

/** Notes as Razorpay returns them: an object, or an empty array when there are none. */
export type Notes = Record<string, string | number> | [];

export interface OrderEntity {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Notes;
  created_at: number;
}

export interface CardEntity {
  id: string;
  entity: 'card';
  name: string;
  last4: string;
  network: string;
  type: 'credit' | 'debit';
  issuer: string | null;
  international: boolean;
  emi: boolean;
  sub_type: 'consumer';
  token_iin: null;
}

export interface PaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'failed';
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: 'card';
  amount_refunded: number;
  /** `partial` or `full` once refunds were processed; `null` before. */
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string | null;
  card_id: string;
  card: CardEntity;
  bank: null;
  wallet: null;
  vpa: null;
  email: string;
  contact: string;
  notes: Notes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: { auth_code: string | null };
  created_at: number;
}

export interface StoredOrder {
  entity: OrderEntity;
  /** The key id the order was created with. */
  keyId: string;
  paymentIds: string[];
}

export interface CreateOrderInput {
  amount: number;
  currency: string;
  receipt: string | null;
  notes: Notes;
}

export const SUPPORTED_CURRENCIES = new Set(['INR', 'USD', 'EUR', 'GBP', 'SGD', 'AED', 'MYR']);
export const MAX_PAYMENTS_PER_ORDER = 50;

/**
 * In-memory orders and payments of one sandbox process. Bounded: past `maxOrders` the oldest
 * order (and its payments) is dropped, as is anything older than `maxAgeSeconds`.
 */
export class SandboxStore {
  private readonly orders = new Map<string, StoredOrder>();
  private readonly payments = new Map<string, PaymentEntity>();

  constructor(
    private readonly maxOrders = 10_000,
    private readonly maxAgeSeconds = 7 * 24 * 3600,
  ) {}

  createOrder(input: CreateOrderInput, keyId: string): OrderEntity {
    this.evict();
    const entity: OrderEntity = {
      id: razorpayId('order'),
      entity: 'order',
      amount: input.amount,
      amount_paid: 0,
      amount_due: input.amount,
      currency: input.currency,
      receipt: input.receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: input.notes,
      created_at: nowSeconds(),
    };
    this.orders.set(entity.id, { entity, keyId, paymentIds: [] });
    return entity;
  }

  getOrder(id: string): StoredOrder | undefined {
    return this.orders.get(id);
  }

  listOrders(filter: { receipt?: string; from?: number; to?: number }): OrderEntity[] {
    const out: OrderEntity[] = [];
    for (const { entity } of this.orders.values()) {
      if (filter.receipt !== undefined && entity.receipt !== filter.receipt) continue;
      if (filter.from !== undefined && entity.created_at < filter.from) continue;
      if (filter.to !== undefined && entity.created_at > filter.to) continue;
      out.push(entity);
    }
    // Razorpay lists newest first.
    return out.reverse();
  }

  getPayment(id: string): PaymentEntity | undefined {
    return this.payments.get(id);
  }

  paymentsOf(orderId: string): PaymentEntity[] {
    const order = this.orders.get(orderId);
    if (!order) return [];
    return order.paymentIds.flatMap((id) => this.payments.get(id) ?? []).reverse();
  }

  /** Records one card payment attempt on an order; a successful one captures it and marks the order paid. */
  recordAttempt(
    orderId: string,
    attempt: {
      success: boolean;
      card: CardEntity;
      email: string;
      contact: string;
      notes: Notes;
      description: string | null;
      failure?: { code: string; description: string; source: string; step: string; reason: string };
    },
  ): { payment: PaymentEntity; order: OrderEntity } {
    const stored = this.orders.get(orderId);
    if (!stored) throw badRequest('The id provided does not exist', 'order_id');
    const order = stored.entity;
    if (order.status === 'paid') {
      throw badRequest('Order has already been paid', 'order_id', 'order_already_paid');
    }
    if (stored.paymentIds.length >= MAX_PAYMENTS_PER_ORDER) {
      throw badRequest('Too many payment attempts on this order', 'order_id', 'too_many_attempts');
    }
    const fee = attempt.success ? Math.round(order.amount * 0.02) : null;
    const tax = fee === null ? null : Math.round(fee * 0.18);
    const payment: PaymentEntity = {
      id: razorpayId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: attempt.success ? 'captured' : 'failed',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: 'card',
      amount_refunded: 0,
      refund_status: null,
      captured: attempt.success,
      description: attempt.description,
      card_id: attempt.card.id,
      card: attempt.card,
      bank: null,
      wallet: null,
      vpa: null,
      email: attempt.email,
      contact: attempt.contact,
      notes: attempt.notes,
      fee: fee === null || tax === null ? null : fee + tax,
      tax,
      error_code: attempt.failure?.code ?? null,
      error_description: attempt.failure?.description ?? null,
      error_source: attempt.failure?.source ?? null,
      error_step: attempt.failure?.step ?? null,
      error_reason: attempt.failure?.reason ?? null,
      acquirer_data: {
        auth_code: attempt.success ? String(100000 + Math.floor(Math.random() * 900000)) : null,
      },
      created_at: nowSeconds(),
    };
    this.payments.set(payment.id, payment);
    stored.paymentIds.push(payment.id);
    order.attempts += 1;
    if (attempt.success) {
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
    } else {
      order.status = 'attempted';
    }
    return { payment, order };
  }

  get size(): { orders: number; payments: number } {
    return { orders: this.orders.size, payments: this.payments.size };
  }

  private evict(): void {
    const cutoff = nowSeconds() - this.maxAgeSeconds;
    for (const [id, stored] of this.orders) {
      if (this.orders.size < this.maxOrders && stored.entity.created_at >= cutoff) break;
      this.orders.delete(id);
      for (const pid of stored.paymentIds) this.payments.delete(pid);
    }
  }
}
