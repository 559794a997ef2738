import {
  caller,
  errorResponses,
  notFound,
  ObjectIdString,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { creditNoteKey, pdfFileName } from './domain.ts';
import { taxDocumentPdf } from './pdf.ts';
import { CREDIT_NOTES, INVOICES, type TaxDocumentDoc } from './store.ts';

/** A Razorpay order id (`order_…`), or a free order's (`free_…`). */
const OrderParams = Type.Object({
  orderId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});

const PdfReply = Type.Unsafe<Buffer>({
  description: 'The PDF, as an attachment named after its number',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
});

/** The same answer for a document that does not exist and one that is not the caller's. */
const INVOICE_NOT_FOUND = 'No invoice for this order';
const CREDIT_NOTE_NOT_FOUND = 'No credit note for this course of this order';

/** The document, if the caller may read it: its buyer or the admin. */
function readable(request: FastifyRequest, document: TaxDocumentDoc | null): TaxDocumentDoc | null {
  const who = caller(request);
  return document && (who.role === 'admin' || document.studentId === who.userId) ? document : null;
}

async function sendPdf(reply: FastifyReply, document: TaxDocumentDoc) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${pdfFileName(document.number)}"`)
    .header('cache-control', 'private, no-store')
    .send(await taxDocumentPdf(document));
}

/** A paid order's GST tax invoice and its refunds' credit notes, as PDFs for the buyer and the admin. */
export default async function invoiceRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/orders/:orderId/invoice.pdf',
    {
      preHandler: requireUser,
      schema: {
        summary: "A paid order's GST tax invoice (PDF): its buyer's or the admin's",
        params: OrderParams,
        response: { 200: PdfReply, ...errorResponses },
      },
    },
    async (request, reply) => {
      const invoice = readable(request, await INVOICES.in(app.db).findOne({ _id: request.params.orderId }));
      if (!invoice) throw notFound(INVOICE_NOT_FOUND);
      return sendPdf(reply, invoice);
    },
  );

  app.get(
    '/api/v1/orders/:orderId/credit-note.pdf',
    {
      preHandler: requireUser,
      schema: {
        summary: "The credit note of a refunded course of an order (PDF): its buyer's or the admin's",
        params: OrderParams,
        querystring: Type.Object({ courseId: ObjectIdString }),
        response: { 200: PdfReply, ...errorResponses },
      },
    },
    async (request, reply) => {
      const key = creditNoteKey(request.params.orderId, request.query.courseId);
      const note = readable(request, await CREDIT_NOTES.in(app.db).findOne({ _id: key }));
      if (!note) throw notFound(CREDIT_NOTE_NOT_FOUND);
      return sendPdf(reply, note);
    },
  );
}
