import {
  badRequest,
  caller,
  errorResponses,
  MessageReply,
  ObjectIdString,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { paymentsDeps } from '../checkout/deps.ts';
import { BillingState, CheckoutRefusals, RazorpayOrder } from '../checkout/schemas.ts';
import { rowsOfOrder } from '../payments/store.ts';
import { serveCallback } from '../verification/callback.ts';
import { cartCourseIds, MAX_CART_COURSES } from './domain.ts';
import { checkOutCart } from './orders.ts';
import { CartView, cartView } from './present.ts';
import { currentLines, lookUpCourses, priceCart } from './pricing.ts';
import { cartOrderPaid } from './settlement.ts';
import { saveCart } from './store.ts';

const CouponCode = Type.String({ minLength: 1, maxLength: 64 });
const CartBody = Type.Object({
  courseIds: Type.Array(ObjectIdString, { maxItems: MAX_CART_COURSES }),
  /** A coupon code to price the cart with (any case); one that cannot be used is said so, not refused. */
  couponCode: Type.Optional(CouponCode),
});
const CartQuery = Type.Object({ couponCode: Type.Optional(CouponCode) });
const CheckoutBody = Type.Object({
  couponCode: Type.Optional(CouponCode),
  billingState: BillingState,
});
const CheckoutReply = Type.Object({
  orderId: Type.String(),
  data: RazorpayOrder,
  courseIds: Type.Array(Type.String()),
  /** True when the coupon took the whole price: the courses are bought, with no Razorpay order. */
  paid: Type.Boolean(),
});

/** The caller's cart: read it, replace it. */
export async function cartRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/cart',
    {
      preHandler: requireUser,
      schema: {
        summary: "The caller's cart priced now (with `couponCode`, as that coupon would price it)",
        querystring: CartQuery,
        response: { 200: CartView, ...errorResponses, 503: MessageReply },
      },
    },
    async (request) => {
      const { userId } = caller(request);
      const lines = await currentLines(app, userId, request.id);
      const priced = await priceCart(app.db, userId, lines, request.query.couponCode, 'whole');
      return cartView(priced.lines, priced.coupon);
    },
  );

  app.put(
    '/api/v1/cart',
    {
      preHandler: requireUser,
      schema: {
        summary:
          "Replace the caller's cart: listed courses with a price, not the caller's own, not had already",
        body: CartBody,
        response: { 200: CartView, ...errorResponses, 503: MessageReply },
      },
    },
    async (request) => {
      const { userId } = caller(request);
      const asked = cartCourseIds(request.body.courseIds);
      if (!asked.ok) throw badRequest(asked.message);
      const looked = await lookUpCourses(app, userId, asked.courseIds, request.id);
      const refused = looked.find((course) => course.refusal !== undefined);
      if (refused?.refusal !== undefined) throw badRequest(refused.refusal);
      const lines = looked.flatMap((course) => (course.refusal === undefined ? [course.line] : []));
      await saveCart(app.db, userId, asked.courseIds);
      const priced = await priceCart(app.db, userId, lines, request.body.couponCode, 'whole');
      return cartView(priced.lines, priced.coupon);
    },
  );
}

/** Checking the cart out: one Razorpay order for every course in it. */
export async function cartCheckoutRoutes(app: ServiceApp): Promise<void> {
  app.post(
    '/api/v1/cart/checkout',
    {
      preHandler: requireUser,
      schema: {
        summary: "One Razorpay order for the caller's cart at its current prices, less the coupon",
        body: Type.Optional(CheckoutBody),
        response: { 200: CheckoutReply, ...CheckoutRefusals },
      },
    },
    async (request) => {
      const buyer = caller(request);
      const asked = request.body ?? {};
      const lines = await currentLines(app, buyer.userId, request.id);
      const priced = await priceCart(app.db, buyer.userId, lines, asked.couponCode, 'terms');
      const { razorpay } = paymentsDeps(app);
      const place = { db: app.db, outbox: app.outbox, razorpay, log: request.log, requestId: request.id };
      return checkOutCart(place, buyer, priced, asked.billingState);
    },
  );
}

/** The cart's checkout callback: Razorpay's proof for the whole order, then the result page. */
export async function cartVerificationRoutes(app: ServiceApp): Promise<void> {
  const route = {
    path: '/api/v1/cartVerification/:orderId',
    params: Type.Object({ orderId: Type.String({ minLength: 1, maxLength: 64 }) }),
    summary:
      "Razorpay checkout callback of a cart's order: verify the payment and redirect to the result page",
  };
  serveCallback<{ orderId: string }>(app, route, {
    // Only a cart's order: every row a line of it.
    rowsOf: async ({ orderId }) => {
      const rows = await rowsOfOrder(app.db, orderId);
      return rows.every((row) => row.cart) ? rows : [];
    },
    // The address names the order alone, and the signature is over its stored id.
    agrees: () => true,
    paid: (rows) => cartOrderPaid(app.db, rows),
  });
}
