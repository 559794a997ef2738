/**
 * One real purchase as a browser makes it: checkout through the gateway (a Razorpay order), the
 * card typed on the sandbox's hosted page, then the signed callback POSTed back to the gateway.
 * The event latency and the soak both buy this way.
 */
import { payOrderOverHttp, TEST_CARDS } from '@liveedu/razorpay-sandbox';
import { call, type Session } from './http.ts';

/** Gateway calls of a purchase, as `observe` names them. */
export type PurchaseCall = 'checkout' | 'callback';

export interface PurchaseRequest {
  gw: string;
  sandboxUrl: string;
  keyId: string;
  buyer: Session;
  courseId: string;
  tutorId: string;
  /** The course's price in rupees, as its page shows it and checkout takes it. */
  price: number;
  email: string;
  /** Default: the test card that succeeds. */
  card?: string;
  /** Told of every gateway answer (status null: no answer) and how long it took, in ms. */
  observe?: (call: PurchaseCall, status: number | null, ms: number) => void;
}

export type PurchaseOutcome =
  | {
      outcome: 'paid';
      orderId: string;
      paymentId: string;
      /** The callback's answer: 302 or 303 to the success page when the payment is verified; null: none. */
      callbackStatus: number | null;
      /** `performance.now()` just before the callback was sent, and how long its answer took. */
      callbackSentAt: number;
      callbackMs: number;
    }
  | { outcome: 'declined'; orderId: string; message: string };

const CALL_TIMEOUT_MS = 30_000;

export async function buyCourse(req: PurchaseRequest): Promise<PurchaseOutcome> {
  const observe = req.observe ?? (() => {});
  const checkoutAt = performance.now();
  const order = await call<{ orderId?: string }>(req.gw, 'POST', '/api/v1/checkout', {
    as: req.buyer,
    body: { amount: req.price, paymentTo: req.tutorId, course: req.courseId, paymentBy: req.buyer.userId },
  }).catch((error: unknown) => {
    observe('checkout', null, performance.now() - checkoutAt);
    throw error;
  });
  observe('checkout', order.status, performance.now() - checkoutAt);
  const orderId = order.body.orderId;
  if (order.status < 200 || order.status >= 300 || !orderId) {
    throw new Error(`checkout answered ${order.status}: ${JSON.stringify(order.body).slice(0, 300)}`);
  }

  const callbackUrl = `${req.gw}/api/v1/paymentVerification/${[orderId, req.courseId, req.buyer.userId, req.tutorId, String(req.price)].map(encodeURIComponent).join('/')}`;
  const paid = await payOrderOverHttp({
    sandboxUrl: req.sandboxUrl,
    keyId: req.keyId,
    orderId,
    callbackUrl,
    prefill: { email: req.email },
    card: req.card ?? TEST_CARDS.success,
    followCallback: false,
  });
  if (paid.outcome !== 'success') return { outcome: 'declined', orderId, message: paid.message };

  const callbackSentAt = performance.now();
  // The card is charged now: whatever the callback meets, the payment exists, so it is returned.
  let callbackStatus: number | null = null;
  try {
    const answer = await fetch(paid.callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(paid.fields).toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    await answer.arrayBuffer();
    callbackStatus = answer.status;
  } catch {
    // no answer: the webhook still reports the payment, as Razorpay's does when a browser is lost
  }
  const callbackMs = performance.now() - callbackSentAt;
  observe('callback', callbackStatus, callbackMs);
  return {
    outcome: 'paid',
    orderId,
    paymentId: paid.fields.razorpay_payment_id,
    callbackStatus,
    callbackSentAt,
    callbackMs,
  };
}
