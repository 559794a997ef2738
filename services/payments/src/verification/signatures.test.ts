import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentSignatureValid, signPayment, signWebhook, webhookSignatureValid } from './signatures.ts';

describe('Razorpay signatures', () => {
  it('accepts the checkout signature Razorpay documents: HMAC-SHA256 hex of order_id|payment_id', () => {
    const signature = createHmac('sha256', 'k-secret').update('order_A|pay_B').digest('hex');
    expect(signPayment('k-secret', 'order_A', 'pay_B')).toBe(signature);
    expect(paymentSignatureValid('k-secret', 'order_A', 'pay_B', signature)).toBe(true);
  });

  it('refuses a signature for another order, another payment, another secret or of another form', () => {
    const signature = signPayment('k-secret', 'order_A', 'pay_B');
    expect(paymentSignatureValid('k-secret', 'order_X', 'pay_B', signature)).toBe(false);
    expect(paymentSignatureValid('k-secret', 'order_A', 'pay_X', signature)).toBe(false);
    expect(paymentSignatureValid('other', 'order_A', 'pay_B', signature)).toBe(false);
    expect(paymentSignatureValid('k-secret', 'order_A', 'pay_B', signature.toUpperCase())).toBe(false);
    expect(paymentSignatureValid('k-secret', 'order_A', 'pay_B', signature.slice(1))).toBe(false);
    expect(paymentSignatureValid('k-secret', 'order_A', 'pay_B', [signature])).toBe(false);
    expect(paymentSignatureValid('k-secret', 'order_A', 'pay_B', undefined)).toBe(false);
  });

  it('checks a webhook signature over the exact raw bytes', () => {
    const raw = Buffer.from('{"event":"order.paid", "x": 1}');
    const signature = signWebhook('w-secret', raw);
    expect(webhookSignatureValid('w-secret', raw, signature)).toBe(true);
    // Re-serialising the parsed JSON changes the bytes, and so the signature.
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString())));
    expect(webhookSignatureValid('w-secret', reserialised, signature)).toBe(false);
    expect(webhookSignatureValid('other', raw, signature)).toBe(false);
  });
});
