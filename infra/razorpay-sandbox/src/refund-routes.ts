import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type DisputeEntity,
  type DisputeOutcome,
  DisputeStore,
  parseDispute,
  parseDisputeOutcome,
} from './disputes.ts';
import { badRequest, foundOr400 } from './errors.ts';
import { DISPUTE_ID_RE, PAYMENT_ID_RE } from './ids.ts';
import { field, type RawFields } from './params.ts';
import {
  parseRefund,
  REFUND_OUTCOMES,
  type RefundEntity,
  type RefundOutcome,
  RefundStore,
} from './refunds.ts';
import type { PaymentEntity, SandboxStore } from './store.ts';
import type { WebhookDispatcher } from './webhooks.ts';

/** What tests may do beyond Razorpay's API: choose how refunds end, raise and end disputes. */
export interface RefundsAndDisputes {
  /** The next refunds of the payment are `processed` (the default), `failed`, or the API is `unavailable`. */
  setRefundOutcome(paymentId: string, outcome: RefundOutcome): void;
  /** Opens a dispute of a captured payment and sends `payment.dispute.created`. */
  raiseDispute(paymentId: string, input?: { amount?: number; reasonCode?: string }): DisputeEntity;
  /** Ends an open dispute and sends `payment.dispute.won`, `.lost` or `.closed`. */
  closeDispute(disputeId: string, outcome: DisputeOutcome): DisputeEntity;
}

const asFields = (value: unknown): RawFields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as RawFields) : {};

/**
 * Razorpay's refund API (`POST /v1/payments/:id/refund`, `GET /v1/payments/:id/refunds` and
 * `/refunds/:refundId`, `GET /v1/disputes/:id`) and the sandbox's own driver calls under `/sandbox/` (Basic auth as
 * well): `PUT /sandbox/payments/:id/refund-outcome`, `POST /sandbox/payments/:id/disputes`,
 * `POST /sandbox/disputes/:id/close`.
 */
export function refundAndDisputeRoutes(
  app: FastifyInstance,
  deps: {
    store: SandboxStore;
    webhooks: WebhookDispatcher;
    authenticate: (req: FastifyRequest) => string;
  },
): RefundsAndDisputes {
  const { store, webhooks, authenticate } = deps;
  const refunds = new RefundStore();
  const disputes = new DisputeStore();

  const paymentOr400 = (id: string): PaymentEntity =>
    foundOr400(id, PAYMENT_ID_RE, (known) => store.getPayment(known));
  const disputeOr400 = (id: string): DisputeEntity =>
    foundOr400(id, DISPUTE_ID_RE, (known) => disputes.get(known));

  /** Answers the pending refund, then sends `refund.created` and how it ended, in that order. */
  function refund(payment: PaymentEntity, body: unknown): RefundEntity {
    const created = refunds.create(payment, parseRefund(body));
    const answer = structuredClone(created);
    webhooks.emit('refund.created', { refund: created, payment });
    const settled = refunds.settle(created, payment);
    webhooks.emit(settled.status === 'failed' ? 'refund.failed' : 'refund.processed', {
      refund: settled,
      payment,
    });
    return answer;
  }

  const control: RefundsAndDisputes = {
    setRefundOutcome(paymentId, outcome) {
      refunds.setOutcome(paymentOr400(paymentId).id, outcome);
    },
    raiseDispute(paymentId, input = {}) {
      const payment = paymentOr400(paymentId);
      const dispute = disputes.open(payment, {
        ...(input.amount === undefined ? {} : { amount: input.amount }),
        reasonCode: input.reasonCode ?? 'chargeback',
      });
      webhooks.emit('payment.dispute.created', { payment, dispute });
      return structuredClone(dispute);
    },
    closeDispute(disputeId, outcome) {
      const dispute = disputes.close(disputeOr400(disputeId), outcome);
      const payment = paymentOr400(dispute.payment_id);
      webhooks.emit(`payment.dispute.${outcome}`, { payment, dispute });
      return structuredClone(dispute);
    },
  };

  app.post<{ Params: { id: string } }>('/v1/payments/:id/refund', async (req) => {
    authenticate(req);
    return refund(paymentOr400(req.params.id), req.body);
  });

  app.get<{ Params: { id: string } }>('/v1/payments/:id/refunds', async (req) => {
    authenticate(req);
    const items = refunds.ofPayment(paymentOr400(req.params.id).id);
    return { entity: 'collection', count: items.length, items };
  });

  app.get<{ Params: { id: string; refundId: string } }>('/v1/payments/:id/refunds/:refundId', async (req) => {
    authenticate(req);
    const paymentId = paymentOr400(req.params.id).id;
    const found = refunds.ofPayment(paymentId).find((refund) => refund.id === req.params.refundId);
    if (!found) throw badRequest('The id provided does not exist', 'id');
    return found;
  });

  app.get<{ Params: { id: string } }>('/v1/disputes/:id', async (req) => {
    authenticate(req);
    return disputeOr400(req.params.id);
  });

  app.put<{ Params: { id: string } }>('/sandbox/payments/:id/refund-outcome', async (req) => {
    authenticate(req);
    const raw = asFields(req.body);
    const outcome = field(raw, 'outcome');
    if (!(REFUND_OUTCOMES as readonly string[]).includes(outcome)) {
      throw badRequest(`The outcome must be one of ${REFUND_OUTCOMES.join(', ')}.`, 'outcome');
    }
    const reason = field(raw, 'reason').slice(0, 200);
    const chosen: RefundOutcome =
      outcome === 'failed'
        ? { outcome, ...(reason ? { reason } : {}) }
        : { outcome: outcome as 'processed' | 'unavailable' };
    control.setRefundOutcome(req.params.id, chosen);
    return { payment_id: req.params.id, ...chosen };
  });

  app.post<{ Params: { id: string } }>('/sandbox/payments/:id/disputes', async (req) => {
    authenticate(req);
    const input = parseDispute(req.body);
    return control.raiseDispute(req.params.id, input);
  });

  app.post<{ Params: { id: string } }>('/sandbox/disputes/:id/close', async (req) => {
    authenticate(req);
    return control.closeDispute(req.params.id, parseDisputeOutcome(req.body));
  });

  return control;
}
