import { calendarKeys } from '@liveedu/calendar';
import { GST_STATES, type GstStateCode, isGstStateCode } from './gst-states.ts';

/**
 * GST tax invoices and credit notes (India). Course prices include GST at 18%; an invoice shows
 * each course's taxable value and its tax, split into CGST and SGST when the buyer is in the
 * platform's own state and charged as IGST otherwise. Money is integer paise throughout.
 */

/** The services accounting code of online education (commercial training and coaching, online). */
export const SAC = '999293';
export const GST_PERCENT = 18;

/** The series a document's number belongs to: invoices `LE/…`, credit notes `LE-CN/…`. */
export const INVOICE_SERIES = 'LE';
export const CREDIT_NOTE_SERIES = 'LE-CN';
export type Series = typeof INVOICE_SERIES | typeof CREDIT_NOTE_SERIES;

/** What an invoice says when the buyer gave no state at checkout (taxed as another state's: IGST). */
export const STATE_NOT_GIVEN = 'State not given';

/** One line's money: what was paid (GST included), its taxable value and its tax by head. */
export interface TaxAmounts {
  totalPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** Whether a supply is within the platform's state (CGST + SGST) or to another (IGST). */
export type Supply = 'intra-state' | 'inter-state';

/**
 * Splits a price that includes GST at 18%: the taxable value is `total × 100 / 118` rounded to
 * the paisa and the tax is the rest, so the two always add up to what was paid. Within the
 * platform's state the tax is halved into CGST (rounded down) and SGST (the rest); to another
 * state it is all IGST.
 */
export function taxOf(totalPaise: number, supply: Supply): TaxAmounts {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) {
    throw new RangeError(`an amount in paise must be a whole number of at least 0, got ${totalPaise}`);
  }
  const taxablePaise = Math.round((totalPaise * 100) / (100 + GST_PERCENT));
  const tax = totalPaise - taxablePaise;
  if (supply === 'inter-state')
    return { totalPaise, taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const cgstPaise = Math.floor(tax / 2);
  return { totalPaise, taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise, igstPaise: 0 };
}

/** The sums of the lines: a document's totals are never worked out again from its total. */
export function totalsOf(lines: readonly TaxAmounts[]): TaxAmounts {
  const sum = (pick: (line: TaxAmounts) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    totalPaise: sum((line) => line.totalPaise),
    taxablePaise: sum((line) => line.taxablePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
  };
}

/** The buyer's state as an invoice names it; an unknown or missing code is "State not given". */
export interface BuyerState {
  code?: GstStateCode;
  name: string;
}

export function buyerStateOf(billingState: string | undefined): BuyerState {
  return isGstStateCode(billingState)
    ? { code: billingState, name: GST_STATES[billingState] }
    : { name: STATE_NOT_GIVEN };
}

/** Intra-state only when the buyer named the platform's own state; a buyer with none is another state's. */
export function supplyOf(sellerState: GstStateCode, buyer: BuyerState): Supply {
  return buyer.code === sellerState ? 'intra-state' : 'inter-state';
}

/**
 * India's financial year (1 April to 31 March) of an instant, on the platform's calendar
 * (Asia/Kolkata): `2026-27` from 1 April 2026 00:00 IST to 31 March 2027 23:59 IST.
 */
export function financialYearOf(at: Date): string {
  const [year, month] = calendarKeys(at).month.split('-').map(Number) as [number, number];
  const first = month >= 4 ? year : year - 1;
  return `${first}-${String((first + 1) % 100).padStart(2, '0')}`;
}

/** A document's number: its series, financial year and sequence, `LE/2026-27/000123`. */
export function documentNumber(series: Series, fy: string, seq: number): string {
  return `${series}/${fy}/${String(seq).padStart(6, '0')}`;
}

/** The PDF's file name: its number with the slashes made dashes, `LE-2026-27-000123.pdf`. */
export function pdfFileName(number: string): string {
  return `${number.replaceAll('/', '-')}.pdf`;
}

/** The counter of one series and financial year: the last number taken, and by whom. */
export interface CounterState {
  last: number;
  /** The document (order, or order and course) the last number went to. */
  lastFor: string;
}

/**
 * What became of the last number's holder: its document is `written` with that number, not
 * written yet (`unwritten`: its writer is at work, or stopped and will be retried), or written
 * with another number (`elsewhere`: a second writer of the same document took a number after
 * the first had issued it, and lost), which leaves the number free.
 */
export type HolderState = 'written' | 'unwritten' | 'elsewhere';

/**
 * What a document does with its year's counter:
 * - `reuse`: the counter's last number went to this document, whose writer stopped before
 *   writing it; the number is still its own, so a crash never skips one.
 * - `wait`: the last number's document is not written yet; no number is taken after an unwritten one.
 * - `take`: the next number (or the last one, when its holder is `elsewhere`), taken only if the
 *   counter is still `from` (compare-and-set).
 */
export type NumberStep =
  | { kind: 'reuse'; seq: number }
  | { kind: 'wait' }
  | { kind: 'take'; seq: number; from: CounterState | null };

export function nextNumber(counter: CounterState | null, key: string, holder: HolderState): NumberStep {
  if (!counter) return { kind: 'take', seq: 1, from: null };
  if (counter.lastFor === key) return { kind: 'reuse', seq: counter.last };
  if (holder === 'unwritten') return { kind: 'wait' };
  return { kind: 'take', seq: holder === 'elsewhere' ? counter.last : counter.last + 1, from: counter };
}

/** What is charged on a line: a course and what was paid for it. */
export interface LineInput {
  courseId: string;
  title: string;
  amountPaise: number;
}

export interface DocumentLine extends TaxAmounts {
  courseId: string;
  description: string;
  sac: string;
}

/** The lines of an invoice: every course with something paid, in the order given. */
export function linesOf(inputs: readonly LineInput[], supply: Supply): DocumentLine[] {
  return inputs
    .filter((line) => line.amountPaise > 0)
    .map((line) => ({
      courseId: line.courseId,
      description: line.title,
      sac: SAC,
      ...taxOf(line.amountPaise, supply),
    }));
}

/** Rupees with two decimals and Indian digit grouping: 1,23,456.78. */
export function rupeesText(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(paise) / 100);
  const fraction = String(Math.abs(paise) % 100).padStart(2, '0');
  const digits = String(whole);
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${sign}${rest ? `${rest},${lastThree}` : lastThree}.${fraction}`;
}

// GSTIN: 2 digits of state, the holder's PAN (5 letters, 4 digits, a letter), the registration's
// number under that PAN (1–9, then A–Z), `Z`, and a check character.
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character of a GSTIN's first 14 characters (GSTN's mod-36 scheme): each character's
 * value in 0–9A–Z is multiplied by 1 and 2 alternately from the left, each product's quotient
 * and remainder by 36 are added up, and the check is what brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < first14.length; i += 1) {
    const value = GSTIN_ALPHABET.indexOf(first14[i] as string);
    if (value < 0) throw new RangeError(`not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36] as string;
}

/** Why a value is not a GSTIN, as a sentence, or null when it is one (shape, state and check character). */
export function gstinProblem(value: string): string | null {
  if (!GSTIN_SHAPE.test(value)) {
    return 'must be a GSTIN: 15 characters, the state code, the PAN, the entity number, Z and a check character';
  }
  if (!isGstStateCode(value.slice(0, 2))) return 'must start with a GST state code (01–38)';
  if (gstinCheckCharacter(value.slice(0, 14)) !== value[14]) return 'has a wrong check character';
  return null;
}

/** The state a GSTIN is registered in (its first two digits); call it on a GSTIN `gstinProblem` accepts. */
export function stateOfGstin(gstin: string): GstStateCode {
  const code = gstin.slice(0, 2);
  if (!isGstStateCode(code)) throw new RangeError(`not a GST state code: ${code}`);
  return code;
}

/** The seller as a document names it: the platform's registration as configured when it was issued. */
export interface SellerDetails {
  legalName: string;
  address: string;
  gstin: string;
  stateCode: GstStateCode;
  stateName: string;
}

export function sellerOf(settings: { legalName: string; address: string; gstin: string }): SellerDetails {
  const stateCode = stateOfGstin(settings.gstin);
  return { ...settings, stateCode, stateName: GST_STATES[stateCode] };
}

/** A tax invoice or a credit note as stored, everything its PDF shows. */
export interface TaxDocumentFields {
  kind: 'invoice' | 'credit-note';
  /** `LE/2026-27/000123` or `LE-CN/2026-27/000007`. */
  number: string;
  fy: string;
  seq: number;
  issuedAt: Date;
  orderId: string;
  /** The buyer's user id: who may read the document besides the admin. */
  studentId: string;
  seller: SellerDetails;
  buyer: { name: string; state: BuyerState };
  supply: Supply;
  lines: DocumentLine[];
  totals: TaxAmounts;
  /** A credit note's: the invoice it reduces, its number and date. */
  invoice?: { number: string; issuedAt: Date };
  /** A credit note's: the refunded course. */
  courseId?: string;
}

/** A document before its number: what its number depends on (series and financial year) is known. */
export type TaxDocumentDraft = Omit<TaxDocumentFields, 'number' | 'seq'> & { series: Series };

/** The invoice of a paid order: one line per course with something paid, issued when it was paid. */
export function invoiceDraft(order: {
  orderId: string;
  studentId: string;
  buyerName: string;
  billingState?: string;
  paidAt: Date;
  seller: SellerDetails;
  lines: readonly LineInput[];
}): TaxDocumentDraft {
  const state = buyerStateOf(order.billingState);
  const supply = supplyOf(order.seller.stateCode, state);
  const lines = linesOf(order.lines, supply);
  return {
    series: INVOICE_SERIES,
    kind: 'invoice',
    fy: financialYearOf(order.paidAt),
    issuedAt: order.paidAt,
    orderId: order.orderId,
    studentId: order.studentId,
    seller: order.seller,
    buyer: { name: order.buyerName, state },
    supply,
    lines,
    totals: totalsOf(lines),
  };
}

/**
 * The credit note of a refunded course: the invoice's seller, buyer and tax split, for what was
 * given back, referring to the invoice, issued when the refund was made.
 */
export function creditNoteDraft(
  invoice: TaxDocumentFields,
  refund: { courseId: string; title: string; amountPaise: number; refundedAt: Date },
): TaxDocumentDraft {
  const lines = linesOf([refund], invoice.supply);
  return {
    series: CREDIT_NOTE_SERIES,
    kind: 'credit-note',
    fy: financialYearOf(refund.refundedAt),
    issuedAt: refund.refundedAt,
    orderId: invoice.orderId,
    studentId: invoice.studentId,
    seller: invoice.seller,
    buyer: invoice.buyer,
    supply: invoice.supply,
    lines,
    totals: totalsOf(lines),
    invoice: { number: invoice.number, issuedAt: invoice.issuedAt },
    courseId: refund.courseId,
  };
}

/** A draft given its number. */
export function numbered(draft: TaxDocumentDraft, seq: number): TaxDocumentFields {
  const { series, ...fields } = draft;
  return { ...fields, number: documentNumber(series, draft.fy, seq), seq };
}

/** A credit note's key: one per order and course. */
export const creditNoteKey = (orderId: string, courseId: string) => `${orderId}:${courseId}`;
