/**
 * Real purchases as a browser makes them: a checkout through the gateway (a Razorpay order), the
 * card typed on the sandbox's hosted page, then the signed callback POSTed back to the gateway.
 * One course (with or without a coupon) or a cart of several, paid once; the event latency and
 * the soak both buy this way. An order a coupon paid whole has no card page: it is bought at once.
 */
import type { BodyOf, ResponseOf } from '@liveedu/api-client';
import { payOrderOverHttp, TEST_CARDS } from '@liveedu/razorpay-sandbox';
import { call, type Session } from './http.ts';

/** Gateway calls of a purchase, as `observe` names them: the cart's `PUT` comes first for a cart. */
export type PurchaseCall = 'cart' | 'checkout' | 'callback';

/** Told of every gateway answer (status null: no answer) and how long it took, in ms. */
export type PurchaseObserver = (call: PurchaseCall, status: number | null, ms: number) => void;

interface Buyer {
  gw: string;
  sandboxUrl: string;
  keyId: string;
  buyer: Session;
  email: string;
  /** Default: the test card that succeeds. */
  card?: string;
  /** A coupon code to check out with. */
  couponCode?: string;
  observe?: PurchaseObserver;
}

export interface PurchaseRequest extends Buyer {
  courseId: string;
  tutorId: string;
  /** The course's price in rupees, as its page shows it and checkout takes it. */
  price: number;
}

export interface CartPurchaseRequest extends Buyer {
  courseIds: string[];
}

export type PurchaseOutcome =
  | {
      outcome: 'paid';
      orderId: string;
      paymentId: string;
      /** What the checkout asked to be paid, in paise (0: a coupon paid it whole, no card page). */
      orderAmountPaise: number;
      /** The callback's answer: 302 or 303 to the success page when the payment is verified; null: none (or none sent). */
      callbackStatus: number | null;
      /** `performance.now()` just before the callback was sent, and how long its answer took. */
      callbackSentAt: number;
      callbackMs: number;
    }
  | { outcome: 'declined'; orderId: string; message: string };

type Checkout = ResponseOf<'/api/v1/checkout', 'post'>;
type CartCheckout = ResponseOf<'/api/v1/cart/checkout', 'post'>;

const CALL_TIMEOUT_MS = 30_000;
/** ADR 17: an order a coupon paid whole is `free_<key>`, paid by `coupon_<key>`. */
const FREE_ORDER = /^free_(.+)$/;

/** A gateway call of the purchase, told to `observe` whatever happens, throwing on anything but 2xx. */
async function step<T>(
  req: Buyer,
  name: PurchaseCall,
  method: string,
  path: string,
  body: unknown,
): Promise<T> {
  const observe = req.observe ?? (() => {});
  const at = performance.now();
  const answer = await call<T>(req.gw, method, path, { as: req.buyer, body }).catch((error: unknown) => {
    observe(name, null, performance.now() - at);
    throw error;
  });
  observe(name, answer.status, performance.now() - at);
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`${name} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  return answer.body;
}

/**
 * Pays a placed order: nothing to do for one a coupon paid whole; otherwise the card on the
 * sandbox's page, then the signed fields POSTed to `callbackUrl` as the page's form does.
 */
async function payOrder(
  req: Buyer,
  order: { orderId: string; amountPaise: number; paid: boolean },
  callbackUrl: string,
): Promise<PurchaseOutcome> {
  const { orderId } = order;
  if (order.paid) {
    const key = FREE_ORDER.exec(orderId)?.[1];
    if (order.amountPaise !== 0 || !key) {
      throw new Error(`checkout said paid for order ${orderId} of ${order.amountPaise} paise`);
    }
    return {
      outcome: 'paid',
      orderId,
      paymentId: `coupon_${key}`,
      orderAmountPaise: 0,
      callbackStatus: null,
      callbackSentAt: performance.now(),
      callbackMs: 0,
    };
  }
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
  req.observe?.('callback', callbackStatus, callbackMs);
  return {
    outcome: 'paid',
    orderId,
    paymentId: paid.fields.razorpay_payment_id,
    orderAmountPaise: order.amountPaise,
    callbackStatus,
    callbackSentAt,
    callbackMs,
  };
}

/** One course: checkout (with the coupon, if any), the card page, the course's callback. */
export async function buyCourse(req: PurchaseRequest): Promise<PurchaseOutcome> {
  const body: BodyOf<'/api/v1/checkout', 'post'> = {
    amount: req.price,
    paymentTo: req.tutorId,
    course: req.courseId,
    paymentBy: req.buyer.userId,
    ...(req.couponCode ? { couponCode: req.couponCode } : {}),
  };
  const order = await step<Checkout>(req, 'checkout', 'POST', '/api/v1/checkout', body);
  if (!order.orderId) throw new Error(`checkout answered no order: ${JSON.stringify(order).slice(0, 300)}`);
  // The callback's address names what is paid, in rupees, as the page was told it.
  const path = [order.orderId, req.courseId, req.buyer.userId, req.tutorId, String(order.data.amount / 100)];
  const callbackUrl = `${req.gw}/api/v1/paymentVerification/${path.map(encodeURIComponent).join('/')}`;
  return payOrder(
    req,
    { orderId: order.orderId, amountPaise: order.data.amount, paid: order.paid },
    callbackUrl,
  );
}

/** A cart: the courses put in it, one checkout of them all, the card page, the cart's callback. */
export async function buyCart(req: CartPurchaseRequest): Promise<PurchaseOutcome> {
  const cart: BodyOf<'/api/v1/cart', 'put'> = {
    courseIds: req.courseIds,
    ...(req.couponCode ? { couponCode: req.couponCode } : {}),
  };
  await step<ResponseOf<'/api/v1/cart', 'put'>>(req, 'cart', 'PUT', '/api/v1/cart', cart);
  const body: BodyOf<'/api/v1/cart/checkout', 'post'> = req.couponCode ? { couponCode: req.couponCode } : {};
  const order = await step<CartCheckout>(req, 'checkout', 'POST', '/api/v1/cart/checkout', body);
  const ordered = [...order.courseIds].sort().join(',');
  if (!order.orderId || ordered !== [...req.courseIds].sort().join(',')) {
    throw new Error(
      `cart checkout of ${req.courseIds.join(', ')} answered ${JSON.stringify(order).slice(0, 300)}`,
    );
  }
  const callbackUrl = `${req.gw}/api/v1/cartVerification/${encodeURIComponent(order.orderId)}`;
  return payOrder(
    req,
    { orderId: order.orderId, amountPaise: order.data.amount, paid: order.paid },
    callbackUrl,
  );
}
