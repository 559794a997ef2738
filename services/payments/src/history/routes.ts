import {
  caller,
  MessageReply,
  paging,
  requireRole,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import type { Filter, WithId } from 'mongodb';
import { toPaymentRecord } from '../payments/domain.ts';
import { listPage, PAYMENTS, type PaymentDoc, paymentLists, paymentsByIds } from '../payments/store.ts';
import { RefundStandingView } from '../refunds/present.ts';
import { refundStandings } from '../refunds/standing.ts';
import { firstDayOf, TIME_PERIODS } from './domain.ts';

const Record_ = Type.Object({
  _id: Type.String(),
  razorpay_order_id: Type.String(),
  razorpay_payment_id: Type.Optional(Type.String()),
  courseEnrolled: Type.Object({ _id: Type.String(), title: Type.String() }),
  /** Rupees. */
  amount: Type.Number(),
  success: Type.Boolean(),
  createdAt: Type.String(),
  /** A paid line's refund: the rule, the student's standing with it and the latest request (order history). */
  refund: Type.Optional(RefundStandingView),
  /** The coupon used for this course, and its price before the coupon (rupees); `amount` is what was paid. */
  couponCode: Type.Optional(Type.String()),
  listPrice: Type.Optional(Type.Number()),
  /** The order's tax invoice number, once issued: `GET api/v1/orders/{orderId}/invoice.pdf`. */
  invoiceNumber: Type.Optional(Type.String()),
  /** This course's credit note number, once refunded: `…/credit-note.pdf?courseId=`. */
  creditNoteNumber: Type.Optional(Type.String()),
});
const WithBuyer = Type.Object({
  ...Record_.properties,
  user: Type.Object({ _id: Type.String(), username: Type.String() }),
});
const Errors = { 400: MessageReply, 401: MessageReply, 403: MessageReply };
const TimePeriodField = Type.Union(TIME_PERIODS.map((p) => Type.Literal(p)));

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;
/** How many of a student's newest orders a time window looks through. */
const WINDOW_ORDERS = 1_000;

const records = (rows: WithId<PaymentDoc>[]) =>
  rows.map((row) => toPaymentRecord(row._id.toHexString(), row));
const withBuyers = (rows: WithId<PaymentDoc>[]) =>
  rows.map((row) => ({
    ...toPaymentRecord(row._id.toHexString(), row),
    user: { _id: row.studentId, username: row.studentUsername },
  }));

/** The caller's own orders. */
export async function orderHistoryRoutes(app: ServiceApp): Promise<void> {
  const lists = paymentLists(app.db);

  app.get(
    '/api/v1/order-history',
    {
      preHandler: requireUser,
      schema: {
        summary: "The caller's orders, newest first (abandoned ones included, as Fail), a page at a time",
        ...paging.schema({ data: Type.Array(Record_) }, { responses: Errors }),
      },
    },
    async (request) => {
      const owner = caller(request).userId;
      const { rows, pageInfo } = await listPage(app.db, lists.studentOrders, owner, request.query);
      const refunds = await refundStandings(app, owner, rows, request.id);
      const data = records(rows).map((line) => {
        const refund = refunds.get(line._id);
        return refund ? { ...line, refund } : line;
      });
      return { data, ...pageInfo };
    },
  );

  app.get(
    '/api/v1/payment-history-time',
    {
      preHandler: requireUser,
      schema: {
        summary: "The caller's orders in a window of calendar days (Asia/Kolkata), newest first",
        querystring: Type.Object({ timePeriod: Type.Optional(TimePeriodField) }),
        response: { 200: Type.Object({ data: Type.Array(Record_) }), ...Errors },
      },
    },
    async (request) => {
      const from = firstDayOf(request.query.timePeriod ?? 'none', new Date());
      const { ids } = await lists.studentOrders.page(caller(request).userId, 0, WINDOW_ORDERS);
      const rows = await paymentsByIds(app.db, ids);
      return { data: records(from ? rows.filter((row) => row.day >= from) : rows) };
    },
  );
}

/** Payments received: a tutor's sales, and everyone's orders for the admin. */
export async function paymentHistoryRoutes(app: ServiceApp): Promise<void> {
  const payments = PAYMENTS.in(app.db);
  const lists = paymentLists(app.db);

  app.get(
    '/api/v1/payment-history',
    {
      preHandler: requireRole('tutor'),
      schema: {
        summary:
          "Payments received for the caller's courses, newest first, with each buyer, a page at a time",
        ...paging.schema({ data: Type.Array(WithBuyer) }, { responses: Errors }),
      },
    },
    async (request) => {
      const owner = caller(request).userId;
      const { rows, pageInfo } = await listPage(app.db, lists.tutorSales, owner, request.query);
      // A sale listed just before its transition that then did not happen is not shown.
      return { data: withBuyers(rows.filter((row) => row.success)), ...pageInfo };
    },
  );

  app.get(
    '/api/v1/all-payment-history',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary:
          "Everyone's orders, newest first, with each buyer, a page at a time; timePeriod keeps those of today or the last 7 or 28 calendar days (Asia/Kolkata), as in payment-history-time",
        ...paging.schema(
          { data: Type.Array(WithBuyer) },
          { query: { timePeriod: Type.Optional(TimePeriodField) }, responses: Errors },
        ),
      },
    },
    async (request) => {
      const page = paging.request(request.query);
      const from = firstDayOf(request.query.timePeriod ?? 'none', new Date());
      const filter: Filter<PaymentDoc> = from ? { day: { $gte: from } } : {};
      const { items, total } = await paging.find(payments, filter, NEWEST_FIRST, page);
      return { data: withBuyers(items), ...paging.fields(total, page) };
    },
  );
}
