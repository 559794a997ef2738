import {
  PAYMENTS_PAYMENT_SUCCEEDED,
  PAYMENTS_REFUND_PROCESSED,
  type PaymentsPaymentSucceeded,
  type PaymentsRefundProcessed,
} from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { invoiceIssuer, paymentsSettings } from '../config.ts';
import { rowsOfOrder } from '../payments/store.ts';
import { creditNoteDraft, creditNoteKey, invoiceDraft } from './domain.ts';
import {
  CREDIT_NOTE_NUMBERS,
  INVOICE_NUMBERS,
  INVOICES,
  issueDocument,
  noteCreditNoteNumber,
  noteInvoiceNumber,
} from './store.ts';

/**
 * Issues a paid order's tax invoice. Every course of the order is paid by one payment, so the
 * first of its lines' events (however many arrive, however often) issues the invoice of all its
 * courses with something paid; the others find it issued. An order with nothing paid has none.
 */
export const onPaymentSucceeded: EventHandler<PaymentsPaymentSucceeded> = {
  event: PAYMENTS_PAYMENT_SUCCEEDED,
  name: 'invoices-on-payment-succeeded',
  async handle(event, { db, config, log }) {
    const { orderId, amountPaise, paidAt } = event.data;
    if (amountPaise <= 0) return;
    const rows = (await rowsOfOrder(db, orderId)).sort((a, b) =>
      a._id.toHexString().localeCompare(b._id.toHexString()),
    );
    const first = rows[0];
    if (!first) {
      // Only this service publishes the event, after writing the order's rows.
      log.warn({ orderId, eventId: event.id }, 'a paid order this service has no rows of: no invoice');
      return;
    }
    const draft = invoiceDraft({
      orderId,
      studentId: first.studentId,
      buyerName: first.studentUsername,
      ...(first.billingState !== undefined ? { billingState: first.billingState } : {}),
      paidAt: new Date(paidAt),
      seller: invoiceIssuer(paymentsSettings.of({ config })),
      lines: rows.map((row) => ({
        courseId: row.courseId,
        title: row.courseTitle,
        amountPaise: row.amountPaise,
      })),
    });
    if (draft.lines.length === 0) return;
    const invoice = await issueDocument(db, INVOICE_NUMBERS, orderId, draft);
    await noteInvoiceNumber(
      db,
      rows.map((row) => row._id),
      invoice.number,
    );
  },
};

/**
 * Issues the credit note of a refunded course against its order's invoice, once per order and
 * course. A refund whose invoice is not issued yet is retried until it is.
 */
export const onRefundProcessed: EventHandler<PaymentsRefundProcessed> = {
  event: PAYMENTS_REFUND_PROCESSED,
  name: 'invoices-on-refund-processed',
  async handle(event, { db, log }) {
    const { orderId, courseId, courseTitle, amountPaise, refundedAt } = event.data;
    if (amountPaise <= 0) return;
    const invoice = await INVOICES.in(db).findOne({ _id: orderId });
    if (!invoice) {
      const paid = (await rowsOfOrder(db, orderId)).some((row) => row.success && row.amountPaise > 0);
      if (paid) throw new Error(`the invoice of ${orderId} is not issued yet; its credit note waits for it`);
      log.warn(
        { orderId, courseId, eventId: event.id },
        'a refund of an order with no invoice: no credit note',
      );
      return;
    }
    const draft = creditNoteDraft(invoice, {
      courseId,
      title: invoice.lines.find((line) => line.courseId === courseId)?.description ?? courseTitle,
      amountPaise,
      refundedAt: new Date(refundedAt),
    });
    const note = await issueDocument(db, CREDIT_NOTE_NUMBERS, creditNoteKey(orderId, courseId), draft);
    await noteCreditNoteNumber(db, orderId, courseId, note.number);
  },
};
