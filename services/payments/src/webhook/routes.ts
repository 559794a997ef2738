import { badRequest, MessageReply, type ServiceApp, Type, unauthorized } from '@liveedu/service-kit';
import type { FastifyRequest } from 'fastify';
import { cartOrderFailed, cartOrderPaid } from '../cart/settlement.ts';
import { paymentsDeps } from '../checkout/deps.ts';
import { redeemCoupon, releaseCoupon } from '../coupons/reservations.ts';
import { DISPUTE_CREATED, DISPUTE_ENDINGS } from '../disputes/domain.ts';
import { actOnDispute } from '../disputes/reports.ts';
import { markPaid, rowsOfOrder } from '../payments/store.ts';
import { refundFailed, refundProcessed } from '../refunds/outcomes.ts';
import { webhookSignatureValid } from '../verification/signatures.ts';
import {
  eventIdOf,
  FAILED_EVENT,
  orderTotal,
  PAID_EVENTS,
  paymentMatchesOrder,
  type WebhookBody,
} from './domain.ts';
import { alreadySeen, noteSeen } from './store.ts';

const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * `POST /api/v1/razorpay-webhook`. The signature covers the exact bytes Razorpay sent, so this
 * plugin's own parser keeps the raw body (the plugin is encapsulated: other routes parse as usual).
 */
export default async function webhookRoutes(app: ServiceApp): Promise<void> {
  const deps = paymentsDeps(app);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_r, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/v1/razorpay-webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        summary:
          'Razorpay webhook (payment.captured, order.paid, payment.failed, refund.processed, refund.failed, payment.dispute.*); signed with RAZORPAY_WEBHOOK_SECRET',
        // The signature is the caller's credential: without a valid one the call is not Razorpay's.
        headers: Type.Object({ 'x-razorpay-signature': Type.String({ minLength: 1, maxLength: 256 }) }),
        response: {
          200: Type.Object({ status: Type.String() }),
          400: MessageReply,
          401: MessageReply,
        },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!webhookSignatureValid(deps.config.webhookSecret, raw, request.headers['x-razorpay-signature'])) {
        request.log.warn('webhook with a bad signature');
        throw unauthorized('Invalid webhook signature');
      }
      let body: WebhookBody;
      try {
        body = JSON.parse(raw.toString('utf8')) as WebhookBody;
      } catch {
        throw badRequest('The webhook body is not valid JSON');
      }
      if (typeof body !== 'object' || body === null) throw badRequest('The webhook body is not an event');
      const eventId = eventIdOf(request.headers['x-razorpay-event-id']);
      if (eventId && (await alreadySeen(app.db, eventId))) return { status: 'duplicate' };

      const name = typeof body.event === 'string' ? body.event : '';
      if (PAID_EVENTS.has(name)) await markOrderPaid(app, body, name, request);
      if (name === FAILED_EVENT) await releaseFailedOrder(app, body);
      await actOnRefundOrDispute(app, body, name, request);
      // Recorded after acting, so a failure in between is retried by Razorpay, not lost.
      if (eventId) await noteSeen(app.db, eventId, name);
      return { status: 'ok' };
    },
  );
}

/**
 * Marks every course of the order a captured payment paid: one row for a one-course order, one
 * per course for a cart. The payment must be for the whole order (the rows' sum), in rupees and
 * captured; anything else is logged and changes nothing.
 */
async function markOrderPaid(app: ServiceApp, body: WebhookBody, name: string, request: FastifyRequest) {
  const payment = body.payload?.payment?.entity ?? {};
  const { order_id: orderId, id: paymentId } = payment;
  const rows = typeof orderId === 'string' ? await rowsOfOrder(app.db, orderId) : [];
  if (rows.length === 0 || typeof paymentId !== 'string') {
    // Orders of other integrations on the same account are none of our business.
    request.log.info({ event: name, orderId }, 'webhook for an order we do not know');
    return;
  }
  if (!paymentMatchesOrder(payment, orderTotal(rows))) {
    request.log.error(
      { event: name, orderId, amount: payment.amount, expected: orderTotal(rows).amountPaise },
      'webhook payment does not match the order; not marking it paid',
    );
    return;
  }
  for (const row of rows) {
    if (!row.success) await markPaid(app.outbox, app.db, row, paymentId, 'webhook', request.id);
    // Its coupon's use is kept for good (once, however many proofs arrive).
    if (row.couponId && !row.cart) await redeemCoupon(app.db, row._id.toHexString());
  }
  // A cart's order: its coupon's use kept, its courses out of the buyer's cart.
  await cartOrderPaid(app.db, rows);
}

/**
 * A failed payment gives back the coupon use its checkout reserved (a cart's order, its one use),
 * so another buyer may have it. Should the buyer retry the same order and pay after all, the
 * payment counts the use again.
 */
async function releaseFailedOrder(app: ServiceApp, body: WebhookBody) {
  const payment = body.payload?.payment?.entity ?? {};
  if (payment.status !== 'failed' || typeof payment.order_id !== 'string') return;
  const rows = await rowsOfOrder(app.db, payment.order_id);
  for (const row of rows) {
    if (row.couponId && !row.cart && !row.success) await releaseCoupon(app.db, row._id.toHexString());
  }
  await cartOrderFailed(app.db, rows);
}

/**
 * How a refund ended (`refund.processed`, `refund.failed`), and a dispute opened or ended
 * (`payment.dispute.created`, `.won`, `.lost`, `.closed`); other events are not theirs.
 */
async function actOnRefundOrDispute(
  app: ServiceApp,
  body: WebhookBody,
  name: string,
  request: FastifyRequest,
) {
  const payload = body.payload as
    | { refund?: { entity?: Record<string, unknown> }; dispute?: { entity?: Record<string, unknown> } }
    | undefined;
  const refund = payload?.refund?.entity;
  if (name === 'refund.processed' && refund) await refundProcessed(app, refund, request.id);
  if (name === 'refund.failed' && refund) await refundFailed(app, refund);
  if (name === DISPUTE_CREATED || DISPUTE_ENDINGS.has(name)) {
    await actOnDispute(app, name, body.payload as Parameters<typeof actOnDispute>[2], request.id);
  }
}
