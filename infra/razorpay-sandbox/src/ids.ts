import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay ids are a prefix plus 14 alphanumeric characters, e.g. `order_EKwxwAgItmmXdp`. */
export function razorpayId(prefix: 'order' | 'pay' | 'card' | 'acc' | 'rfnd' | 'disp' | ''): string {
  let body = '';
  for (let i = 0; i < 14; i++) body += ALPHABET[randomInt(ALPHABET.length)];
  return prefix ? `${prefix}_${body}` : body;
}

export const ORDER_ID_RE = /^order_[A-Za-z0-9]{14}$/;
export const PAYMENT_ID_RE = /^pay_[A-Za-z0-9]{14}$/;
export const DISPUTE_ID_RE = /^disp_[A-Za-z0-9]{14}$/;

export function hmacSha256Hex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** The checkout callback signature: HMAC-SHA256 hex of `order_id|payment_id` with the key secret. */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
