import { type ApiClient, type CourseDetails, loadAppConfig } from '@liveedu/api-client';
import type { GstStateCode } from '@liveedu/contracts';
import { openPaymentWindow } from '@liveedu/ui';

/** What the buyer chose beside the course: a coupon's code, and their state for the tax invoice. */
export interface PurchaseChoices {
  couponCode?: string;
  billingState?: GstStateCode;
}

/**
 * How a purchase went on: `paid` when a coupon took the whole price (the course is bought, and
 * no payment window opens), `window` when the provider's window is open for the card.
 */
export type PurchaseStep = { step: 'paid'; orderId: string } | { step: 'window' };

/**
 * The purchase flow: provider key and user email → order (at the server's price, less the
 * coupon) → provider window, unless the coupon paid the whole order. The provider calls the verification address when the card payment completes;
 * its last segment is what the order charges, which the server checks against the order.
 */
export async function startPurchase(
  api: ApiClient,
  course: CourseDetails,
  userId: string,
  choices: PurchaseChoices = {},
): Promise<PurchaseStep> {
  const config = await loadAppConfig();
  if (!config.razorpayCheckoutUrl) throw new Error('Payments are not available right now.');
  const [{ key }, user] = await Promise.all([api.getApiKeys(), api.getUserData()]);
  const order = await api.checkout({
    amount: course.price,
    paymentTo: course.courseCreatedBy._id,
    course: course._id,
    paymentBy: userId,
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
    callbackPath: api.paymentVerificationUrl({
      orderId,
      courseId: course._id,
      userId,
      teacherId: course.courseCreatedBy._id,
      amount: order.data.amount / 100,
    }),
    description: course.title,
    email: user.email,
  });
  return { step: 'window' };
}
