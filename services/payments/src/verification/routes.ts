import { MessageReply, type ServiceApp, Type } from '@liveedu/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { paymentsDeps } from '../checkout/deps.ts';
import { redeemCoupon } from '../coupons/reservations.ts';
import { markPaid, PAYMENTS } from '../payments/store.ts';
import { addressAgrees, type FailureReason, type VerificationPath } from './domain.ts';
import { paymentSignatureValid } from './signatures.ts';

const Segment = Type.String({ minLength: 1, maxLength: 64 });
const Params = Type.Object({
  orderId: Segment,
  courseId: Segment,
  userId: Segment,
  teacherId: Segment,
  amount: Segment,
});
/** Razorpay's fields arrive as a form body (POST) or a query string (GET); read leniently. */
const Fields = Type.Record(Type.String(), Type.Unknown());
const PAYMENT_ID = /^pay_[A-Za-z0-9]{1,40}$/;
/** Every outcome is a redirect to a result page; only a malformed address is refused outright. */
const Answers = {
  303: Type.Null({ description: 'To /paymentsuccess?reference=… or /paymentfailed?reason=…' }),
  400: MessageReply,
};

export default async function verificationRoutes(app: ServiceApp): Promise<void> {
  const verify = verifier(app);
  const summary = 'Razorpay checkout callback: verify the payment and redirect to the result page';
  const description =
    'Redirects (303) to /paymentsuccess?reference=<payment id>, or to /paymentfailed?reason=declined|invalid.';

  app.get(
    '/api/v1/paymentVerification/:orderId/:courseId/:userId/:teacherId/:amount',
    { schema: { summary, description, params: Params, querystring: Fields, response: Answers } },
    async (request, reply) => verify(request, reply, request.params, request.query),
  );

  app.post(
    '/api/v1/paymentVerification/:orderId/:courseId/:userId/:teacherId/:amount',
    { schema: { summary, description, params: Params, body: Type.Optional(Fields), response: Answers } },
    async (request, reply) => verify(request, reply, request.params, request.body ?? {}),
  );
}

/** Checks Razorpay's proof against the stored order and redirects to the page that says how it went. */
function verifier(app: ServiceApp) {
  const deps = paymentsDeps(app);
  const payments = PAYMENTS.in(app.db);
  const page = (path: string) => `${app.config.publicUrl}${path}`;

  return async function verify(
    request: FastifyRequest,
    reply: FastifyReply,
    path: VerificationPath,
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
    const row = await payments.findOne({ razorpay_order_id: path.orderId });
    const claimedOrder = text('razorpay_order_id');
    if (!row || (claimedOrder !== undefined && claimedOrder !== row.razorpay_order_id)) {
      request.log.warn({ orderId: path.orderId }, 'payment verification for an unknown order');
      return failed('invalid');
    }
    if (
      !PAYMENT_ID.test(paymentId) ||
      !paymentSignatureValid(deps.config.keySecret, row.razorpay_order_id, paymentId, signature)
    ) {
      request.log.warn({ orderId: row.razorpay_order_id }, 'payment verification with a bad signature');
      return failed('invalid');
    }
    // The address is written by the client; only the stored order says what was bought.
    if (!addressAgrees(path, row)) {
      request.log.warn(
        { orderId: row.razorpay_order_id, path },
        'verification address disagrees with the order',
      );
      return failed('invalid');
    }

    let reference = row.razorpay_payment_id;
    if (!row.success) {
      const paid = await markPaid(app.outbox, app.db, row, paymentId, 'callback', request.id);
      if (paid) {
        reference = paymentId;
      } else {
        // The webhook (or another callback) got there first.
        reference = (await payments.findOne({ _id: row._id }))?.razorpay_payment_id;
      }
    }
    // The order is paid: its coupon's use is kept for good (once, however many proofs arrive).
    if (row.couponId && !row.cart) await redeemCoupon(app.db, row._id.toHexString());
    return reply.redirect(
      page(`/paymentsuccess?reference=${encodeURIComponent(reference ?? paymentId)}`),
      303,
    );
  };
}
