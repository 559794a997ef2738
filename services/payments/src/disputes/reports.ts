/**
 * What Razorpay's dispute webhooks change: `payment.dispute.created` records the dispute and
 * publishes `payments.dispute.created` with the courses its payment paid for; `.won`, `.lost`
 * and `.closed` publish `payments.dispute.closed`. Each once, however often it is delivered.
 */
import { PAYMENTS_DISPUTE_CLOSED, PAYMENTS_DISPUTE_CREATED } from '@liveedu/contracts';
import { newEvent, type ServiceApp } from '@liveedu/service-kit';
import { rowsOfOrder } from '../payments/store.ts';
import {
  DISPUTE_CREATED,
  type DisputeReport,
  disputeClosedEventId,
  disputeCreatedEventId,
  disputeData,
  disputeLines,
  disputeReportOf,
  endingStatus,
} from './domain.ts';
import { type DisputeDoc, recordEnded, recordOpened } from './store.ts';

interface DisputePayload {
  dispute?: { entity?: Record<string, unknown> };
  payment?: { entity?: Record<string, unknown> };
}

/** The dispute and the order of its payment, when the payment is one of ours. */
async function disputeOf(app: ServiceApp, payload: DisputePayload | undefined, event: string) {
  const report = disputeReportOf(payload?.dispute?.entity);
  const payment = payload?.payment?.entity;
  const orderId = payment?.order_id;
  if (!report || typeof orderId !== 'string' || payment?.id !== report.paymentId) {
    app.log.warn({ event }, 'a dispute webhook without a dispute of a payment; ignored');
    return null;
  }
  const rows = (await rowsOfOrder(app.db, orderId)).filter(
    (row) => row.razorpay_payment_id === report.paymentId,
  );
  if (rows.length === 0) {
    app.log.info({ event, disputeId: report.disputeId }, 'a dispute of a payment we do not know');
    return null;
  }
  return { report, orderId, lines: disputeLines(rows) };
}

/** Acts on a dispute webhook; other events are none of its business. */
export async function actOnDispute(
  app: ServiceApp,
  event: string,
  payload: DisputePayload | undefined,
  requestId: string,
) {
  const found = await disputeOf(app, payload, event);
  if (!found) return;
  const at = new Date();
  const { orderId, lines } = found;
  if (event === DISPUTE_CREATED) {
    const { report } = found;
    await recordOpened(
      app.outbox,
      docOf(report, orderId, lines, at),
      opened(report, orderId, lines, at, requestId),
    );
    return;
  }
  const report: DisputeReport = { ...found.report, status: endingStatus(event, found.report.status) };
  const closed = newEvent(PAYMENTS_DISPUTE_CLOSED, disputeData(report, orderId, lines, at), {
    id: disputeClosedEventId(report.disputeId),
    occurredAt: at,
    requestId,
  });
  await recordEnded(app.outbox, { ...docOf(report, orderId, lines, at), closedAt: at }, closed);
}

const docOf = (report: DisputeReport, orderId: string, lines: DisputeDoc['lines'], at: Date): DisputeDoc => ({
  _id: report.disputeId,
  paymentId: report.paymentId,
  orderId,
  lines,
  status: report.status,
  openedAt: at,
});

const opened = (
  report: DisputeReport,
  orderId: string,
  lines: DisputeDoc['lines'],
  at: Date,
  requestId: string,
) =>
  newEvent(PAYMENTS_DISPUTE_CREATED, disputeData(report, orderId, lines, at), {
    id: disputeCreatedEventId(report.disputeId),
    occurredAt: at,
    requestId,
  });
