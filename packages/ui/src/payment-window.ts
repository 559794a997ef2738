import { type ApiClient, loadAppConfig } from '@liveedu/api-client';

interface RazorpayOptions {
  key: string;
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  image?: string;
  order_id: string;
  callback_url: string;
  prefill: { email: string; contact: string };
  theme: { color: string };
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => { open: () => void };
  }
}

const NOT_LOADED = 'The payment window could not be loaded. Please try again.';
const scripts = new Map<string, Promise<void>>();

/** Injects a script once (the provider's checkout script); a failed load may be tried again. */
export function loadScript(src: string): Promise<void> {
  let pending = scripts.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.onload = () => resolve();
      el.onerror = () => reject(new Error(NOT_LOADED));
      document.head.appendChild(el);
    });
    pending.catch(() => scripts.delete(src));
    scripts.set(src, pending);
  }
  return pending;
}

/** What the provider's window needs to take a payment for an order placed by the API. */
export interface PaymentWindowOrder {
  /** The provider's checkout script (`razorpayCheckoutUrl` of the app config). */
  scriptUrl: string;
  /** The provider's key id (`get-api-keys`). */
  key: string;
  /** The provider's order: its id and its amount in paise. */
  orderId: string;
  amountPaise: number;
  /** Where the provider sends the browser once the card is paid (a path of the API, made absolute here). */
  callbackPath: string;
  description: string;
  email: string;
}

/**
 * Opens the provider's payment window (Razorpay Standard Checkout) for an order. When the card is
 * paid, the provider takes the browser to the callback, which verifies the payment and goes on
 * to the result page.
 */
export async function openPaymentWindow(order: PaymentWindowOrder): Promise<void> {
  await loadScript(order.scriptUrl);
  if (!window.Razorpay) throw new Error(NOT_LOADED);
  const checkout = new window.Razorpay({
    key: order.key,
    amount: order.amountPaise,
    currency: 'INR',
    name: 'LiveEdu',
    description: order.description,
    order_id: order.orderId,
    callback_url: new URL(order.callbackPath, window.location.href).href,
    prefill: { email: order.email, contact: '9000090000' },
    theme: { color: '#4f46e5' },
  });
  checkout.open();
}

/** An order as the API places it: paid outright when a coupon took the whole price, else the provider's order to pay. */
interface PlacedOrder {
  paid?: boolean;
  orderId: string;
  data: { id?: string; amount: number };
}

/**
 * How a checkout went on: `paid` when a coupon took the whole price (what was ordered is bought,
 * and no payment window opens), `window` when the provider's window is open for the card.
 */
export type CheckoutStep = { step: 'paid'; orderId: string } | { step: 'window' };

/**
 * A checkout: the provider's key and the buyer's email, then the order `place` makes (at the
 * server's price, less a coupon), then the provider's window for it, unless the coupon paid the
 * whole order. `windowFor` says where the provider calls back and what the window describes.
 */
export async function checkOut<Order extends PlacedOrder>(
  api: ApiClient,
  place: () => Promise<Order>,
  windowFor: (order: Order, orderId: string) => Pick<PaymentWindowOrder, 'callbackPath' | 'description'>,
): Promise<CheckoutStep> {
  const config = await loadAppConfig();
  if (!config.razorpayCheckoutUrl) throw new Error('Payments are not available right now.');
  const [{ key }, user] = await Promise.all([api.getApiKeys(), api.getUserData()]);
  const order = await place();
  if (order.paid) return { step: 'paid', orderId: order.orderId };
  const orderId = order.data?.id ?? order.orderId;
  await openPaymentWindow({
    scriptUrl: config.razorpayCheckoutUrl,
    key,
    orderId,
    amountPaise: order.data.amount,
    ...windowFor(order, orderId),
    email: user.email,
  });
  return { step: 'window' };
}
