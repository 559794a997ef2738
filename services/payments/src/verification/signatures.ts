import { createHmac, timingSafeEqual } from 'node:crypto';

function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Compares a received hex signature with the expected one without leaking where they differ. */
function sameSignature(expected: string, received: unknown): boolean {
  if (typeof received !== 'string' || received.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'utf8'), Buffer.from(received, 'utf8'));
}

/** Checkout's `razorpay_signature`: HMAC-SHA256 hex of `order_id|payment_id` with the key secret. */
export function paymentSignatureValid(
  keySecret: string,
  orderId: string,
  paymentId: string,
  signature: unknown,
): boolean {
  return sameSignature(hmacHex(keySecret, `${orderId}|${paymentId}`), signature);
}

/** A webhook's `X-Razorpay-Signature`: HMAC-SHA256 hex of the raw body with the webhook secret. */
export function webhookSignatureValid(webhookSecret: string, rawBody: Buffer, signature: unknown): boolean {
  return sameSignature(hmacHex(webhookSecret, rawBody), signature);
}

/** For tests and tools that need to produce what Razorpay sends. */
export function signPayment(keySecret: string, orderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

export function signWebhook(webhookSecret: string, rawBody: string | Buffer): string {
  return hmacHex(webhookSecret, rawBody);
}
