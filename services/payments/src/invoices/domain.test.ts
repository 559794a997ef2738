import { describe, expect, it } from 'vitest';
import {
  buyerStateOf,
  creditNoteDraft,
  creditNoteKey,
  documentNumber,
  financialYearOf,
  gstinCheckCharacter,
  gstinProblem,
  invoiceDraft,
  linesOf,
  nextNumber,
  numbered,
  pdfFileName,
  rupeesText,
  SAC,
  sellerOf,
  supplyOf,
  taxOf,
  totalsOf,
} from './domain.ts';

const seller = sellerOf({
  legalName: 'LiveEdu Learning Private Limited',
  address: 'Bengaluru',
  gstin: '29AADCL4821K1ZA',
});

describe('GST included in a price', () => {
  it('splits ₹499 into its taxable value and 18% tax, halved into CGST and SGST within the state', () => {
    expect(taxOf(49_900, 'intra-state')).toEqual({
      totalPaise: 49_900,
      taxablePaise: 42_288,
      cgstPaise: 3_806,
      sgstPaise: 3_806,
      igstPaise: 0,
    });
  });

  it('charges the whole tax as IGST to another state', () => {
    expect(taxOf(49_900, 'inter-state')).toEqual({
      totalPaise: 49_900,
      taxablePaise: 42_288,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 7_612,
    });
  });

  it('rounds the taxable value to the paisa and gives the odd paisa of the tax to SGST', () => {
    // 100 × 100 / 118 = 84.745… → 85; the tax is 15, so CGST 7 and SGST 8.
    expect(taxOf(100, 'intra-state')).toEqual({
      totalPaise: 100,
      taxablePaise: 85,
      cgstPaise: 7,
      sgstPaise: 8,
      igstPaise: 0,
    });
    // 59 × 100 / 118 = 50 exactly: the half rounds no way.
    expect(taxOf(59, 'inter-state')).toMatchObject({ taxablePaise: 50, igstPaise: 9 });
    // 1 × 100 / 118 = 0.847 → 1: a paisa is all taxable value.
    expect(taxOf(1, 'intra-state')).toMatchObject({ taxablePaise: 1, cgstPaise: 0, sgstPaise: 0 });
    expect(taxOf(0, 'inter-state')).toMatchObject({ taxablePaise: 0, igstPaise: 0 });
  });

  it('always adds up to what was paid', () => {
    for (let total = 0; total < 5_000; total += 7) {
      for (const supply of ['intra-state', 'inter-state'] as const) {
        const tax = taxOf(total, supply);
        expect(tax.taxablePaise + tax.cgstPaise + tax.sgstPaise + tax.igstPaise).toBe(total);
        expect(Math.abs(tax.cgstPaise - tax.sgstPaise)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('refuses amounts that are not whole paise', () => {
    expect(() => taxOf(10.5, 'intra-state')).toThrow(RangeError);
    expect(() => taxOf(-100, 'intra-state')).toThrow(RangeError);
  });

  it('totals the lines as they are, not the total again (so rounding never disagrees)', () => {
    const lines = linesOf(
      [
        { courseId: 'a', title: 'A', amountPaise: 100 },
        { courseId: 'b', title: 'B', amountPaise: 100 },
      ],
      'intra-state',
    );
    // Each line rounds to 85 taxable; the sum 200 alone would round to 169.
    expect(totalsOf(lines)).toEqual({
      totalPaise: 200,
      taxablePaise: 170,
      cgstPaise: 14,
      sgstPaise: 16,
      igstPaise: 0,
    });
  });
});

describe("the buyer's state", () => {
  it("is intra-state only when the buyer named the platform's own state", () => {
    expect(supplyOf('29', buyerStateOf('29'))).toBe('intra-state');
    expect(supplyOf('29', buyerStateOf('27'))).toBe('inter-state');
    expect(buyerStateOf('27')).toEqual({ code: '27', name: 'Maharashtra' });
  });

  it('is "State not given" when none (or none known) was given, and taxed as another state', () => {
    expect(buyerStateOf(undefined)).toEqual({ name: 'State not given' });
    expect(buyerStateOf('25')).toEqual({ name: 'State not given' });
    expect(supplyOf('29', buyerStateOf(undefined))).toBe('inter-state');
  });
});

describe('financial years', () => {
  it('run from 1 April to 31 March on the platform calendar (IST)', () => {
    // 31 March 2026 23:59:59 IST is 18:29:59 UTC; a second later it is 1 April in India.
    expect(financialYearOf(new Date('2026-03-31T18:29:59Z'))).toBe('2025-26');
    expect(financialYearOf(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T23:59:59+05:30'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-01-15T10:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
  });
});

describe('document numbers', () => {
  it('are the series, the financial year and six digits', () => {
    expect(documentNumber('LE', '2026-27', 123)).toBe('LE/2026-27/000123');
    expect(documentNumber('LE-CN', '2026-27', 7)).toBe('LE-CN/2026-27/000007');
    expect(documentNumber('LE', '2026-27', 1_234_567)).toBe('LE/2026-27/1234567');
    expect(pdfFileName('LE/2026-27/000123')).toBe('LE-2026-27-000123.pdf');
  });

  it('come from the counter: the next one once the last is written, never one after an unwritten one', () => {
    expect(nextNumber(null, 'order_A', 'written')).toEqual({ kind: 'take', seq: 1, from: null });
    const counter = { last: 41, lastFor: 'order_B' };
    expect(nextNumber(counter, 'order_A', 'written')).toEqual({ kind: 'take', seq: 42, from: counter });
    expect(nextNumber(counter, 'order_A', 'unwritten')).toEqual({ kind: 'wait' });
  });

  it('give the last number again to the document that took it and stopped before writing it', () => {
    expect(nextNumber({ last: 42, lastFor: 'order_A' }, 'order_A', 'unwritten')).toEqual({
      kind: 'reuse',
      seq: 42,
    });
  });

  it('give a number its holder did not use (it was issued with another) to the next document', () => {
    const counter = { last: 43, lastFor: 'order_B' };
    expect(nextNumber(counter, 'order_A', 'elsewhere')).toEqual({ kind: 'take', seq: 43, from: counter });
  });
});

describe('invoices and credit notes', () => {
  const order = {
    orderId: 'order_A',
    studentId: 's1',
    buyerName: 'asha',
    billingState: '29',
    paidAt: new Date('2026-04-01T04:00:00Z'),
    seller,
    lines: [
      { courseId: 'c1', title: 'Payments for Beginners', amountPaise: 49_900 },
      { courseId: 'c2', title: 'A free course', amountPaise: 0 },
      { courseId: 'c3', title: 'Ledgers in Depth', amountPaise: 129_900 },
    ],
  };

  it('lists each course with something paid, with SAC 999293, and totals the lines', () => {
    const invoice = numbered(invoiceDraft(order), 5);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: 'LE/2026-27/000005',
      fy: '2026-27',
      seq: 5,
      issuedAt: order.paidAt,
      buyer: { name: 'asha', state: { code: '29', name: 'Karnataka' } },
      supply: 'intra-state',
    });
    expect(invoice.lines.map((line) => [line.courseId, line.sac, line.totalPaise])).toEqual([
      ['c1', SAC, 49_900],
      ['c3', SAC, 129_900],
    ]);
    expect(invoice.totals).toEqual(totalsOf(invoice.lines));
    expect(invoice.totals.totalPaise).toBe(179_800);
  });

  it("credits a refunded course with the invoice's tax split, referring to the invoice", () => {
    const invoice = numbered(invoiceDraft({ ...order, billingState: undefined }), 5);
    const refundedAt = new Date('2027-04-02T10:00:00Z');
    const note = numbered(
      creditNoteDraft(invoice, {
        courseId: 'c3',
        title: 'Ledgers in Depth',
        amountPaise: 129_900,
        refundedAt,
      }),
      1,
    );
    expect(note).toMatchObject({
      kind: 'credit-note',
      number: 'LE-CN/2027-28/000001',
      fy: '2027-28',
      issuedAt: refundedAt,
      courseId: 'c3',
      supply: 'inter-state',
      buyer: { name: 'asha', state: { name: 'State not given' } },
      invoice: { number: 'LE/2026-27/000005', issuedAt: order.paidAt },
    });
    expect(note.lines).toHaveLength(1);
    expect(note.totals).toEqual(taxOf(129_900, 'inter-state'));
    expect(creditNoteKey('order_A', 'c3')).toBe('order_A:c3');
  });
});

describe('GSTINs', () => {
  it('computes the check character of the first fourteen characters', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('33AAACH7409R1Z')).toBe('8');
    expect(gstinCheckCharacter('29AADCL4821K1Z')).toBe('A');
  });

  it('accepts a well-formed GSTIN of a known state, and says what is wrong with any other', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('has a wrong check character');
    expect(gstinProblem('25AAPFU0939F1ZV')).toMatch(/state code/);
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('27AAPFU0939F0ZV')).toMatch(/15 characters/);
  });

  it("names the seller's state from the GSTIN", () => {
    expect(seller).toMatchObject({ stateCode: '29', stateName: 'Karnataka' });
  });
});

describe('amounts in rupees', () => {
  it('are written with two decimals and Indian grouping', () => {
    expect(rupeesText(49_900)).toBe('499.00');
    expect(rupeesText(5)).toBe('0.05');
    expect(rupeesText(12_345_678)).toBe('1,23,456.78');
    expect(rupeesText(1_000_000_000)).toBe('1,00,00,000.00');
  });
});
