import { calendarKeys } from '@liveedu/calendar';
import {
  badRequest,
  caller,
  conflict,
  errorResponses,
  forbidden,
  HttpError,
  MessageReply,
  notFound,
  ObjectIdString,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { paymentsDeps } from '../../deps.ts';
import { sellable } from '../../domain/money.ts';
import { openCheckout } from '../../open-checkouts.ts';
import { boughtHere, type PaymentDoc, paymentLists, paymentsOf } from '../../payments.ts';

const CheckoutBody = Type.Object({
  course: ObjectIdString,
  // The client sends these too; the course's price and tutor come from the catalog and the
  // buyer from the session, so they are read only to refuse a purchase made for someone else.
  amount: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 32 })])),
  paymentTo: Type.Optional(Type.String({ maxLength: 64 })),
  paymentBy: Type.Optional(Type.String({ maxLength: 64 })),
});

const CheckoutReply = Type.Object({
  orderId: Type.String(),
  /** The Razorpay order: `amount` in paise, as checkout.js expects it. */
  data: Type.Object({ amount: Type.Number(), id: Type.String() }),
});

export default async function checkoutRoutes(app: ServiceApp): Promise<void> {
  const deps = paymentsDeps(app);
  const payments = paymentsOf(app.db);

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
        summary: 'Create a Razorpay order for a course at its current price',
        body: CheckoutBody,
        response: {
          200: CheckoutReply,
          ...errorResponses,
          409: MessageReply,
          502: MessageReply,
          503: MessageReply,
        },
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
      if (!sellable(amountPaise)) throw badRequest('This course cannot be bought');

      // A second checkout of the same course at the same instant answers the first one's order.
      const opened = await openCheckout(app.db, buyer.userId, course._id, amountPaise);
      if (opened.kind === 'same') {
        return { orderId: opened.orderId, data: { amount: amountPaise, id: opened.orderId } };
      }
      if (opened.kind === 'busy') {
        throw conflict('A payment for this course is already being started, please try again');
      }

      const rowId = new ObjectId();
      let order: { id: string };
      try {
        order = await deps.razorpay.orders.create({
          amount: amountPaise,
          currency: 'INR',
          receipt: rowId.toHexString(),
          notes: { course: course._id, student: buyer.userId, tutor: course.tutorId },
        });
      } catch (error) {
        await opened.abandon().catch(() => {});
        request.log.error({ err: error }, 'Razorpay refused to create an order');
        throw new HttpError(502, 'The payment provider is unavailable, please try again');
      }

      const now = new Date();
      const row: PaymentDoc = {
        _id: rowId,
        razorpay_order_id: order.id,
        courseId: course._id,
        courseTitle: course.title,
        studentId: buyer.userId,
        studentUsername: buyer.username,
        tutorId: course.tutorId,
        amountPaise,
        currency: 'INR',
        success: false,
        createdAt: now,
        ...calendarKeys(now),
      };
      // Written at once, so an abandoned checkout shows as Fail in the order history (listed
      // first: an entry whose row never came is skipped, a row missing from the list is not).
      try {
        await paymentLists(app.db).studentOrders.add(buyer.userId, rowId.toHexString());
        await payments.insertOne(row);
      } catch (error) {
        await opened.abandon().catch(() => {});
        throw error;
      }
      await opened.created(order.id);
      return { orderId: order.id, data: { amount: amountPaise, id: order.id } };
    },
  );
}
