import type { ApiClient, CourseDetails } from '@liveedu/api-client';
import type { GstStateCode } from '@liveedu/contracts';
import { type CheckoutStep, checkOut } from '@liveedu/ui';

/** What the buyer chose beside the course: a coupon's code, and their state for the tax invoice. */
export interface PurchaseChoices {
  couponCode?: string;
  billingState?: GstStateCode;
}

/**
 * The purchase flow: provider key and user email → order (at the server's price, less the
 * coupon) → provider window, unless the coupon paid the whole order. The provider calls the verification address when the card payment completes;
 * its last segment is what the order charges, which the server checks against the order.
 */
export function startPurchase(
  api: ApiClient,
  course: CourseDetails,
  userId: string,
  choices: PurchaseChoices = {},
): Promise<CheckoutStep> {
  return checkOut(
    api,
    () =>
      api.checkout({
        amount: course.price,
        paymentTo: course.courseCreatedBy._id,
        course: course._id,
        paymentBy: userId,
        ...(choices.couponCode ? { couponCode: choices.couponCode } : {}),
        ...(choices.billingState ? { billingState: choices.billingState } : {}),
      }),
    (order, orderId) => ({
      callbackPath: api.paymentVerificationUrl({
        orderId,
        courseId: course._id,
        userId,
        teacherId: course.courseCreatedBy._id,
        amount: order.data.amount / 100,
      }),
      description: course.title,
    }),
  );
}
