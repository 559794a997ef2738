import { describe, expect, it } from 'vitest';
import { eventIdOf, orderTotal, PAID_EVENTS, paymentMatchesOrder } from './domain.ts';

describe('Razorpay webhooks', () => {
  it('acts on the events that prove an order was paid, and only those', () => {
    expect(PAID_EVENTS.has('payment.captured')).toBe(true);
    expect(PAID_EVENTS.has('order.paid')).toBe(true);
    expect(PAID_EVENTS.has('payment.failed')).toBe(false);
  });

  it('keys deliveries on an event id of sensible length only', () => {
    expect(eventIdOf('evt_1')).toBe('evt_1');
    expect(eventIdOf('')).toBeNull();
    expect(eventIdOf('x'.repeat(129))).toBeNull();
    expect(eventIdOf(['evt_1'])).toBeNull();
    expect(eventIdOf(undefined)).toBeNull();
  });

  it("matches a payment to the order only when it is captured for the order's amount and currency", () => {
    const order = { amountPaise: 49_900, currency: 'INR' as const };
    expect(paymentMatchesOrder({ amount: 49_900, currency: 'INR', status: 'captured' }, order)).toBe(true);
    expect(paymentMatchesOrder({ amount: 100, currency: 'INR', status: 'captured' }, order)).toBe(false);
    expect(paymentMatchesOrder({ amount: 49_900, currency: 'USD', status: 'captured' }, order)).toBe(false);
    expect(paymentMatchesOrder({ amount: 49_900, currency: 'INR', status: 'authorized' }, order)).toBe(false);
  });
});

describe("a cart's order", () => {
  it('is paid by one payment of the sum of its courses', () => {
    const rows = [
      { amountPaise: 49_900, currency: 'INR' as const },
      { amountPaise: 19_900, currency: 'INR' as const },
    ];
    expect(orderTotal(rows)).toEqual({ amountPaise: 69_800, currency: 'INR' });
    expect(
      paymentMatchesOrder({ amount: 69_800, currency: 'INR', status: 'captured' }, orderTotal(rows)),
    ).toBe(true);
    expect(
      paymentMatchesOrder({ amount: 49_900, currency: 'INR', status: 'captured' }, orderTotal(rows)),
    ).toBe(false);
  });
});
