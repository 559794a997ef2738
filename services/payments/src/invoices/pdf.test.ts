import { describe, expect, it } from 'vitest';
import { invoiceDraft, numbered, sellerOf } from './domain.ts';
import { taxDocumentPdf } from './pdf.ts';

const seller = sellerOf({
  legalName: 'LiveEdu Learning Private Limited',
  address: 'Bengaluru',
  gstin: '29AADCL4821K1ZA',
});

const invoiceOf = (count: number, title = 'A course') =>
  numbered(
    invoiceDraft({
      orderId: 'order_A',
      studentId: 's1',
      buyerName: 'asha',
      billingState: '27',
      paidAt: new Date('2026-05-01T10:00:00Z'),
      seller,
      lines: Array.from({ length: count }, (_, i) => ({ courseId: `c${i}`, title, amountPaise: 49_900 })),
    }),
    1,
  );

/** Pages of a PDF, by its page objects. */
const pagesOf = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('the PDF of a tax document', () => {
  it('is the same bytes every time it is drawn from the same document', async () => {
    const first = await taxDocumentPdf(invoiceOf(2));
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await taxDocumentPdf(invoiceOf(2))).equals(first)).toBe(true);
    expect((await taxDocumentPdf(invoiceOf(3))).equals(first)).toBe(false);
  });

  it('goes on to further pages for a long order', async () => {
    expect(pagesOf(await taxDocumentPdf(invoiceOf(2)))).toBe(1);
    expect(pagesOf(await taxDocumentPdf(invoiceOf(60)))).toBeGreaterThan(1);
  });

  it('draws a title in a script the standard font lacks without failing', async () => {
    const pdf = await taxDocumentPdf(invoiceOf(1, 'संस्कृत for beginners'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
