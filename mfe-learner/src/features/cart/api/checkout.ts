import { type ApiClient, type CommerceClient, loadAppConfig } from '@liveedu/api-client';
import type { GstStateCode } from '@liveedu/contracts';
import { openPaymentWindow } from '@liveedu/ui';

/** What the buyer chose for the cart's order: a coupon's code, and their state for the tax invoice. */
export interface CartChoices {
  couponCode?: string;
  billingState?: GstStateCode;
}

/**
 * How checking out went on: `paid` when the coupon took the whole price (the courses are bought,
 * no payment window opens), `window` when the provider's window is open for the card.
 */
export type CartCheckoutStep = { step: 'paid'; orderId: string } | { step: 'window' };

/**
 * The cart's checkout: provider key and email → one order for the whole cart, priced by the
 * server → the provider's window, whose payment the cart's callback verifies for every course.
 */
export async function checkOutCart(
  api: ApiClient,
  commerce: CommerceClient,
  choices: CartChoices,
): Promise<CartCheckoutStep> {
  const config = await loadAppConfig();
  if (!config.razorpayCheckoutUrl) throw new Error('Payments are not available right now.');
  const [{ key }, user] = await Promise.all([api.getApiKeys(), api.getUserData()]);
  const order = await commerce.checkoutCart({
    ...(choices.couponCode ? { couponCode: choices.couponCode } : {}),
    ...(choices.billingState ? { billingState: choices.billingState } : {}),
  });
  if (order.paid) return { step: 'paid', orderId: order.orderId };
  const orderId = order.data?.id ?? order.orderId;
  await openPaymentWindow({
    scriptUrl: config.razorpayCheckoutUrl,
    key,
    orderId,
    amountPaise: order.data.amount,
    callbackPath: commerce.cartVerificationUrl(orderId),
    description: `Your cart: ${order.courseIds.length} ${order.courseIds.length === 1 ? 'course' : 'courses'}`,
    email: user.email,
  });
  return { step: 'window' };
}
