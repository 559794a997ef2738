import {
  badRequest,
  caller,
  conflict,
  forbidden,
  MessageReply,
  notFound,
  ObjectIdString,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { sellable } from '../payments/domain.ts';
import { boughtHere } from '../payments/store.ts';
import { paymentsDeps } from './deps.ts';
import { orderTerms, placeOrder } from './orders.ts';
import { BillingState, CheckoutRefusals, RazorpayOrder } from './schemas.ts';

const CheckoutBody = Type.Object({
  course: ObjectIdString,
  // The client sends these too; the course's price and tutor come from the catalog and the
  // buyer from the session, so they are read only to refuse a purchase made for someone else.
  amount: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 32 })])),
  paymentTo: Type.Optional(Type.String({ maxLength: 64 })),
  paymentBy: Type.Optional(Type.String({ maxLength: 64 })),
  /** A coupon's code (any case); the server prices it, and refuses one that cannot be used with 400. */
  couponCode: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  billingState: BillingState,
});

const CheckoutReply = Type.Object({
  orderId: Type.String(),
  data: RazorpayOrder,
  /** True when a coupon took the whole price: the course is bought, with nothing to pay and no Razorpay order. */
  paid: Type.Boolean(),
});

export default async function checkoutRoutes(app: ServiceApp): Promise<void> {
  const deps = paymentsDeps(app);

  app.get(
    '/api/v1/get-api-keys',
    {
      preHandler: requireUser,
      schema: {
        summary: 'The Razorpay key id checkout.js needs (never the secret)',
        response: { 200: Type.Object({ key: Type.String() }), 401: MessageReply },
      },
    },
    async () => ({ key: deps.config.keyId }),
  );

  app.post(
    '/api/v1/checkout',
    {
      preHandler: requireUser,
      schema: {
        summary:
          'Create a Razorpay order for a course at its current price, less a coupon; a coupon taking the whole price buys it at once',
        body: CheckoutBody,
        response: { 200: CheckoutReply, ...CheckoutRefusals },
      },
    },
    async (request) => {
      const buyer = caller(request);
      const { course: courseId, paymentBy } = request.body;
      if (paymentBy !== undefined && paymentBy !== buyer.userId) {
        throw forbidden('You can only buy a course for yourself');
      }
      const sale = await deps.catalog.call(
        'courseForSale',
        { params: { courseId }, query: { buyerId: buyer.userId } },
        request.id,
      );
      if (!sale.ok) throw notFound('Course not found');
      const course = sale.body;
      if (course.tutorId === buyer.userId) throw forbidden('You cannot buy your own course');
      const bought = course.enrolled || (await boughtHere(app.db, buyer.userId, course._id));
      if (bought) throw conflict('You are already enrolled in this course');
      const amountPaise = course.pricePaise;
      if (amountPaise === 0) throw badRequest('This course is free: enroll without paying');
      if (!sellable(amountPaise)) throw badRequest('This course cannot be bought');
      const terms = await orderTerms(app.db, course, request.body);
      const place = {
        db: app.db,
        outbox: app.outbox,
        razorpay: deps.razorpay,
        log: request.log,
        requestId: request.id,
      };
      return placeOrder(place, buyer, course, terms);
    },
  );
}
