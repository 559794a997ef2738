import { errorResponses, MessageReply, Type } from '@liveedu/service-kit';
import { GST_STATE_CODES } from '../invoices/gst-states.ts';

/** The buyer's GST state code (two digits), for the tax invoice. */
export const BillingState = Type.Optional(Type.Union(GST_STATE_CODES.map((code) => Type.Literal(code))));

/** The Razorpay order: `amount` in paise, as checkout.js expects it. */
export const RazorpayOrder = Type.Object({ amount: Type.Number(), id: Type.String() });

/**
 * Why a checkout of one course or of the cart places no order, beside the usual refusals: 409 the
 * course is had already or another checkout of it is under way, 502 Razorpay refused, 503 the
 * catalog or Razorpay is away.
 */
export const CheckoutRefusals = {
  ...errorResponses,
  409: MessageReply,
  502: MessageReply,
  503: MessageReply,
};
