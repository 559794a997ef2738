import type { PaymentFields } from '../payments/domain.ts';

/** The events that prove an order was paid; every other event is acknowledged and ignored. */
export const PAID_EVENTS = new Set(['payment.captured', 'order.paid']);

/** A payment the bank declined: the order stays payable, and what its checkout reserved is given back. */
export const FAILED_EVENT = 'payment.failed';

export interface WebhookBody {
  event?: unknown;
  payload?: { payment?: { entity?: Record<string, unknown> } };
}

/** The delivery's `X-Razorpay-Event-Id`, when it is one we can key on. */
export function eventIdOf(header: unknown): string | null {
  return typeof header === 'string' && header.length > 0 && header.length <= 128 ? header : null;
}

/** Whether the payment Razorpay reports is the stored order's, captured in full. */
export function paymentMatchesOrder(
  payment: Record<string, unknown>,
  row: Pick<PaymentFields, 'amountPaise' | 'currency'>,
): boolean {
  return (
    payment.amount === row.amountPaise && payment.currency === row.currency && payment.status === 'captured'
  );
}

/** What a whole order asks to be paid: the sum of its rows (one per course), in one currency. */
export function orderTotal(
  rows: readonly Pick<PaymentFields, 'amountPaise' | 'currency'>[],
): Pick<PaymentFields, 'amountPaise' | 'currency'> {
  return { amountPaise: rows.reduce((sum, row) => sum + row.amountPaise, 0), currency: 'INR' };
}
