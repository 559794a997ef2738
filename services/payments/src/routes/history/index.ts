import { caller, MessageReply, requireRole, requireUser, type ServiceApp, Type } from '@liveedu/service-kit';
import type { Filter, WithId } from 'mongodb';
import { toPaymentRecord } from '../../domain/payment.ts';
import { firstDayOf, TIME_PERIODS } from '../../domain/periods.ts';
import { type PaymentDoc, paymentsOf } from '../../payments.ts';

const Record_ = Type.Object({
  _id: Type.String(),
  razorpay_order_id: Type.String(),
  razorpay_payment_id: Type.Optional(Type.String()),
  courseEnrolled: Type.Object({ _id: Type.String(), title: Type.String() }),
  /** Rupees. */
  amount: Type.Number(),
  success: Type.Boolean(),
  createdAt: Type.String(),
});
const WithBuyer = Type.Object({
  ...Record_.properties,
  user: Type.Object({ _id: Type.String(), username: Type.String() }),
});
const Errors = { 400: MessageReply, 401: MessageReply, 403: MessageReply };

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

export default async function historyRoutes(app: ServiceApp): Promise<void> {
  const payments = paymentsOf(app.db);
  const records = (rows: WithId<PaymentDoc>[]) =>
    rows.map((row) => toPaymentRecord(row._id.toHexString(), row));
  const withBuyers = (rows: WithId<PaymentDoc>[]) =>
    rows.map((row) => ({
      ...toPaymentRecord(row._id.toHexString(), row),
      user: { _id: row.studentId, username: row.studentUsername },
    }));
  const find = (filter: Filter<PaymentDoc>) => payments.find(filter).sort(NEWEST_FIRST).toArray();

  app.get(
    '/api/v1/order-history',
    {
      preHandler: requireUser,
      schema: {
        summary: "The caller's orders, newest first (abandoned ones included, as Fail)",
        response: { 200: Type.Object({ data: Type.Array(Record_) }), ...Errors },
      },
    },
    async (request) => ({ data: records(await find({ studentId: caller(request).userId })) }),
  );

  app.get(
    '/api/v1/payment-history-time',
    {
      preHandler: requireUser,
      schema: {
        summary: "The caller's orders in a window of calendar days (Asia/Kolkata), newest first",
        querystring: Type.Object({
          timePeriod: Type.Optional(Type.Union(TIME_PERIODS.map((p) => Type.Literal(p)))),
        }),
        response: { 200: Type.Object({ data: Type.Array(Record_) }), ...Errors },
      },
    },
    async (request) => {
      const from = firstDayOf(request.query.timePeriod ?? 'none', new Date());
      const filter: Filter<PaymentDoc> = { studentId: caller(request).userId };
      if (from) filter.day = { $gte: from };
      return { data: records(await find(filter)) };
    },
  );

  app.get(
    '/api/v1/payment-history',
    {
      preHandler: requireRole('tutor'),
      schema: {
        summary: "Payments received for the caller's courses, newest first, with each buyer",
        response: { 200: Type.Object({ data: Type.Array(WithBuyer) }), ...Errors },
      },
    },
    async (request) => ({
      data: withBuyers(await find({ tutorId: caller(request).userId, success: true })),
    }),
  );

  app.get(
    '/api/v1/all-payment-history',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary: "Everyone's orders, newest first, with each buyer",
        response: { 200: Type.Object({ data: Type.Array(WithBuyer) }), ...Errors },
      },
    },
    async () => ({ data: withBuyers(await find({})) }),
  );
}
