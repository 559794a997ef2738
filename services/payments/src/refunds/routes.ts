import {
  caller,
  errorResponses,
  MessageReply,
  NonBlank,
  ObjectIdString,
  paging,
  requireRole,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import type { Filter } from 'mongodb';
import { DECISIONS, REFUND_STATUSES } from './domain.ts';
import { AdminRefundRequestView, presentForAdmin, presentRequest, RefundRequestView } from './present.ts';
import { decideRequest, openRequest } from './requests.ts';
import { NEWEST_FIRST, REFUND_REQUESTS, type RefundRequestDoc } from './store.ts';

const RequestBody = Type.Object({
  // A Razorpay order id (`order_…`), or `free_…` for an order a coupon paid whole.
  orderId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_]+$' }),
  courseId: ObjectIdString,
  reason: NonBlank({ maxLength: 1_000 }),
});

const DecisionBody = Type.Object({
  decision: Type.Enum([...DECISIONS]),
  note: Type.Optional(Type.String({ maxLength: 1_000 })),
});

const StatusQuery = { status: Type.Optional(Type.Enum([...REFUND_STATUSES])) };

const Answers = { ...errorResponses, 409: MessageReply, 503: MessageReply };

/** A student's refund requests: asking for one, and reading their own. */
export async function refundRequestRoutes(app: ServiceApp): Promise<void> {
  const requests = REFUND_REQUESTS.in(app.db);

  app.post(
    '/api/v1/refund-requests',
    {
      preHandler: requireUser,
      schema: {
        summary:
          'Ask for a refund of one course of your paid order: within 30 days of payment and under 30% of the course completed it is approved at once and refunded by Razorpay; otherwise the admin decides. Another order is 404; a line refunded or asked for already, 409.',
        body: RequestBody,
        response: { 201: RefundRequestView, ...Answers },
      },
    },
    async (request, reply) => {
      const opened = await openRequest(app, caller(request), request.body, request.id);
      return reply.status(201).send(presentRequest(opened));
    },
  );

  app.get(
    '/api/v1/refund-requests',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Your refund requests, newest first, a page at a time',
        ...paging.schema({ data: Type.Array(RefundRequestView) }, { responses: errorResponses }),
      },
    },
    async (request) => {
      const page = paging.request(request.query);
      const mine = { studentId: caller(request).userId };
      const { items, total } = await paging.find(requests, mine, NEWEST_FIRST, page);
      return { data: items.map(presentRequest), ...paging.fields(total, page) };
    },
  );
}

/** The admin's queue of refund requests and decisions on them. */
export async function refundQueueRoutes(app: ServiceApp): Promise<void> {
  const requests = REFUND_REQUESTS.in(app.db);

  app.get(
    '/api/v1/admin/refund-requests',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary: 'Refund requests, newest first, with who asked; ?status= keeps those in one state',
        ...paging.schema(
          { data: Type.Array(AdminRefundRequestView) },
          { query: StatusQuery, responses: errorResponses },
        ),
      },
    },
    async (request) => {
      const page = paging.request(request.query);
      const { status } = request.query;
      const filter: Filter<RefundRequestDoc> = status ? { status } : {};
      const { items, total } = await paging.find(requests, filter, NEWEST_FIRST, page);
      return { data: items.map(presentForAdmin), ...paging.fields(total, page) };
    },
  );

  app.put(
    '/api/v1/admin/refund-requests/:requestId',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary:
          'Approve (Razorpay refunds it) or reject a pending refund request, with a note; deciding twice is 409',
        params: Type.Object({ requestId: ObjectIdString }),
        body: DecisionBody,
        response: { 200: AdminRefundRequestView, ...Answers },
      },
    },
    async (request) => {
      const decided = await decideRequest(
        app,
        caller(request),
        request.params.requestId,
        request.body,
        request.id,
      );
      return presentForAdmin(decided);
    },
  );
}
