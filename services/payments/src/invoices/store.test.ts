import { fileTestDatabase } from '@liveedu/test-kit';
import { describe, expect, it } from 'vitest';
import { invoiceDraft, numbered, sellerOf } from './domain.ts';
import {
  CREDIT_NOTE_NUMBERS,
  CREDIT_NOTES,
  INVOICE_COUNTERS,
  INVOICE_NUMBERS,
  INVOICES,
  issueDocument,
  NumberPending,
} from './store.ts';

const db = fileTestDatabase('payments', 'invoices', [INVOICES, CREDIT_NOTES]);

const seller = sellerOf({
  legalName: 'LiveEdu Learning Private Limited',
  address: 'Bengaluru',
  gstin: '29AADCL4821K1ZA',
});

/** An order's invoice draft, paid at `paidAt` (its financial year decides the counter). */
const draftOf = (orderId: string, paidAt: Date) =>
  invoiceDraft({
    orderId,
    studentId: 's1',
    buyerName: 'asha',
    billingState: '29',
    paidAt,
    seller,
    lines: [{ courseId: 'c1', title: 'A course', amountPaise: 49_900 }],
  });

describe('issuing numbers', () => {
  it('gives simultaneous orders consecutive numbers, each once, however often each is issued', async () => {
    const paidAt = new Date('2031-06-01T10:00:00Z');
    const orders = Array.from({ length: 50 }, (_, i) => `order_many_${i}`);
    // Every order issued three times at once, as redelivered events of a cart's lines would.
    const issued = await Promise.all(
      [...orders, ...orders, ...orders].map((orderId) =>
        issueDocument(db, INVOICE_NUMBERS, orderId, draftOf(orderId, paidAt)),
      ),
    );
    const byOrder = new Map<string, number>();
    for (const invoice of issued) {
      const before = byOrder.get(invoice._id);
      if (before !== undefined) expect(invoice.seq, invoice._id).toBe(before);
      byOrder.set(invoice._id, invoice.seq);
    }
    expect([...byOrder.values()].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await INVOICES.in(db).countDocuments({ fy: '2031-32' })).toBe(50);
    expect(await INVOICE_COUNTERS.in(db).findOne({ _id: '2031-32' })).toMatchObject({ last: 50 });
  }, 60_000);

  it('reuses the number a stopped writer took, and holds every other order back until it is written', async () => {
    const paidAt = new Date('2032-05-01T10:00:00Z');
    // A writer took number 1 for order_X and stopped before writing its invoice.
    await INVOICE_COUNTERS.in(db).insertOne({ _id: '2032-33', last: 1, lastFor: 'order_X' });
    // Another order cannot take number 2 while number 1 is unwritten...
    const other = issueDocument(db, INVOICE_NUMBERS, 'order_Y', draftOf('order_Y', paidAt));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await INVOICES.in(db).findOne({ _id: 'order_Y' })).toBeNull();
    // ...until order_X is issued again (its event redelivered), which takes number 1 once more.
    const x = await issueDocument(db, INVOICE_NUMBERS, 'order_X', draftOf('order_X', paidAt));
    expect(x).toMatchObject({ number: 'LE/2032-33/000001', seq: 1 });
    expect(await other).toMatchObject({ number: 'LE/2032-33/000002', seq: 2 });
  });

  it('gives a number taken by a second writer of an issued document to the next document', async () => {
    const paidAt = new Date('2036-05-01T10:00:00Z');
    const first = await issueDocument(db, INVOICE_NUMBERS, 'order_K', draftOf('order_K', paidAt));
    // A second writer of order_K read "not issued" just before the first wrote it, then took number 2.
    await INVOICE_COUNTERS.in(db).updateOne({ _id: '2036-37' }, { $set: { last: 2, lastFor: 'order_K' } });
    const next = await issueDocument(db, INVOICE_NUMBERS, 'order_M', draftOf('order_M', paidAt));
    expect([first.seq, next.seq]).toEqual([1, 2]);
    const after = await issueDocument(db, INVOICE_NUMBERS, 'order_N', draftOf('order_N', paidAt));
    expect(after.seq).toBe(3);
  });

  it('gives up for now (to be retried) while the holder of the last number never writes it', async () => {
    await INVOICE_COUNTERS.in(db).insertOne({ _id: '2033-34', last: 7, lastFor: 'order_gone' });
    await expect(
      issueDocument(
        db,
        INVOICE_NUMBERS,
        'order_Z',
        draftOf('order_Z', new Date('2033-05-01T10:00:00Z')),
        500,
      ),
    ).rejects.toThrow(NumberPending);
    expect(await INVOICES.in(db).findOne({ _id: 'order_Z' })).toBeNull();
  });

  it('numbers each financial year and each series from 1', async () => {
    const march = await issueDocument(
      db,
      INVOICE_NUMBERS,
      'order_march',
      draftOf('order_march', new Date('2035-03-31T18:29:59Z')),
    );
    const april = await issueDocument(
      db,
      INVOICE_NUMBERS,
      'order_april',
      draftOf('order_april', new Date('2035-03-31T18:30:00Z')),
    );
    expect(march.number).toBe('LE/2034-35/000001');
    expect(april.number).toBe('LE/2035-36/000001');
    const note = await issueDocument(db, CREDIT_NOTE_NUMBERS, 'order_april:c1', {
      ...draftOf('order_april', new Date('2035-04-02T00:00:00Z')),
      series: 'LE-CN',
      kind: 'credit-note',
    });
    expect(note.number).toBe('LE-CN/2035-36/000001');
    // Issued again, it is the same document.
    expect(
      await issueDocument(db, CREDIT_NOTE_NUMBERS, 'order_april:c1', {
        ...draftOf('order_april', new Date('2035-04-03T00:00:00Z')),
        series: 'LE-CN',
        kind: 'credit-note',
      }),
    ).toEqual(note);
    expect(numbered(draftOf('order_april', april.issuedAt), april.seq)).toEqual(
      (({ _id, ...fields }) => fields)(april),
    );
  });
});
