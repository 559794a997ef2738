import type { ApiClient, CommerceClient } from '@liveedu/api-client';
import type { GstStateCode } from '@liveedu/contracts';
import { type CheckoutStep, checkOut } from '@liveedu/ui';

/** What the buyer chose for the cart's order: a coupon's code, and their state for the tax invoice. */
export interface CartChoices {
  couponCode?: string;
  billingState?: GstStateCode;
}

/**
 * The cart's checkout: provider key and email → one order for the whole cart, priced by the
 * server → the provider's window, whose payment the cart's callback verifies for every course.
 */
export function checkOutCart(
  api: ApiClient,
  commerce: CommerceClient,
  choices: CartChoices,
): Promise<CheckoutStep> {
  return checkOut(
    api,
    () =>
      commerce.checkoutCart({
        ...(choices.couponCode ? { couponCode: choices.couponCode } : {}),
        ...(choices.billingState ? { billingState: choices.billingState } : {}),
      }),
    (order, orderId) => ({
      callbackPath: commerce.cartVerificationUrl(orderId),
      description: `Your cart: ${order.courseIds.length} ${order.courseIds.length === 1 ? 'course' : 'courses'}`,
    }),
  );
}
