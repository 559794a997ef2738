import { MessageReply, type ServiceApp, Type } from '@liveedu/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WithId } from 'mongodb';
import { paymentsDeps } from '../checkout/deps.ts';
import { markPaid, PAYMENTS, type PaymentDoc } from '../payments/store.ts';
import type { FailureReason } from './domain.ts';
import { paymentSignatureValid } from './signatures.ts';

/**
 * The browser's return from Razorpay's checkout, for a one-course order and a cart's alike:
 * Razorpay's proof checked against the stored order, every course of the order marked paid by the
 * one success transition, and a redirect to the page that says how it went.
 */

/** Razorpay's fields arrive as a form body (POST) or a query string (GET); read leniently. */
const Fields = Type.Record(Type.String(), Type.Unknown());
/** Every outcome is a redirect to a result page; only a malformed address is refused outright. */
const Answers = {
  303: Type.Null({ description: 'To /paymentsuccess?reference=… or /paymentfailed?reason=…' }),
  400: MessageReply,
};
const description =
  'Redirects (303) to /paymentsuccess?reference=<payment id>, or to /paymentfailed?reason=declined|invalid.';

const PAYMENT_ID = /^pay_[A-Za-z0-9]{1,40}$/;

/** How one kind of callback finds its order and what it does once the order is paid. */
export interface CallbackOrder<Path extends { orderId: string }> {
  /** The stored rows of the order the address names: none when it names no order of this kind. */
  rowsOf(path: Path): Promise<WithId<PaymentDoc>[]>;
  /** Whether the rest of the address (written by the client) agrees with the stored order. */
  agrees(path: Path, rows: WithId<PaymentDoc>[]): boolean;
  /** What follows the order being paid (its coupon's use kept, …); called for every genuine proof. */
  paid(rows: WithId<PaymentDoc>[]): Promise<void>;
}

/**
 * Serves a checkout's `callback_url` at `path`, both ways Razorpay's checkout may come back: a
 * form body (POST, as Standard Checkout sends it) or a query string (GET).
 */
export function serveCallback<Path extends { orderId: string }>(
  app: ServiceApp,
  route: { path: string; params: ReturnType<typeof Type.Object>; summary: string },
  order: CallbackOrder<Path>,
): void {
  const verify = callbackVerifier(app, order);
  const { path, params, summary } = route;
  app.get(
    path,
    { schema: { summary, description, params, querystring: Fields, response: Answers } },
    async (request, reply) =>
      verify(request, reply, request.params as Path, request.query as Record<string, unknown>),
  );
  app.post(
    path,
    { schema: { summary, description, params, body: Type.Optional(Fields), response: Answers } },
    async (request, reply) =>
      verify(
        request,
        reply,
        request.params as Path,
        (request.body as Record<string, unknown> | undefined) ?? {},
      ),
  );
}

/** Checks Razorpay's proof against the stored order and redirects to the page that says how it went. */
function callbackVerifier<Path extends { orderId: string }>(app: ServiceApp, order: CallbackOrder<Path>) {
  const deps = paymentsDeps(app);
  const payments = PAYMENTS.in(app.db);
  const page = (path: string) => `${app.config.publicUrl}${path}`;

  return async function verify(
    request: FastifyRequest,
    reply: FastifyReply,
    path: Path,
    fields: Record<string, unknown>,
  ): Promise<FastifyReply> {
    const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined);
    const failed = (reason: FailureReason) => reply.redirect(page(`/paymentfailed?reason=${reason}`), 303);

    const paymentId = text('razorpay_payment_id');
    const signature = text('razorpay_signature');
    if (!paymentId || !signature) {
      // A declined card comes back with Razorpay's error[...] fields and nothing signed.
      const declined = Object.keys(fields).some((name) => name.startsWith('error['));
      return failed(declined ? 'declined' : 'invalid');
    }
    const rows = await order.rowsOf(path);
    const stored = rows[0]?.razorpay_order_id;
    const claimedOrder = text('razorpay_order_id');
    if (stored === undefined || (claimedOrder !== undefined && claimedOrder !== stored)) {
      request.log.warn({ orderId: path.orderId }, 'payment verification for an unknown order');
      return failed('invalid');
    }
    if (
      !PAYMENT_ID.test(paymentId) ||
      !paymentSignatureValid(deps.config.keySecret, stored, paymentId, signature)
    ) {
      request.log.warn({ orderId: stored }, 'payment verification with a bad signature');
      return failed('invalid');
    }
    // The address is written by the client; only the stored order says what was bought.
    if (!order.agrees(path, rows)) {
      request.log.warn({ orderId: stored, path }, 'verification address disagrees with the order');
      return failed('invalid');
    }

    let reference = rows[0]?.razorpay_payment_id;
    for (const row of rows) {
      if (row.success) continue;
      const paid = await markPaid(app.outbox, app.db, row, paymentId, 'callback', request.id);
      // Not this callback's: the webhook (or another callback) got there first.
      reference = paid
        ? paymentId
        : ((await payments.findOne({ _id: row._id }))?.razorpay_payment_id ?? reference);
    }
    await order.paid(rows);
    return reply.redirect(
      page(`/paymentsuccess?reference=${encodeURIComponent(reference ?? paymentId)}`),
      303,
    );
  };
}
