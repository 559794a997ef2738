/** The tutor's share of every sale, in percent; the platform keeps the rest. */
export const TUTOR_SHARE_PERCENT = 80;

export interface FeeSplit {
  tutorPaise: number;
  platformPaise: number;
}

/** A sum of money as we store it: a whole, non-negative number of paise. */
export function isPaise(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** An id or name an event carries, usable only when it is a string with something in it. */
export function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/**
 * Splits a gross payment: the tutor gets 80% rounded down to the paisa, and the platform gets
 * everything else, so the two always add up to the gross and no paisa is lost or invented.
 */
export function splitPayment(grossPaise: number): FeeSplit {
  if (!isPaise(grossPaise)) throw new RangeError(`not an amount in paise: ${grossPaise}`);
  const tutorPaise = Math.floor((grossPaise * TUTOR_SHARE_PERCENT) / 100);
  return { tutorPaise, platformPaise: grossPaise - tutorPaise };
}

/** What the API says: rupees, with decimals when there are paise (12345 → 123.45). */
export function toRupees(paise: number): number {
  return paise / 100;
}

/** What a ledger line records: a course sold, or the refund of one. Lines without a kind are sales. */
export type LineKind = 'sale' | 'refund';

/** The key of a course sold: a cart's payment pays several courses, each its own line. */
export function saleKey(paymentId: string, courseId: string): string {
  return `${paymentId}:${courseId}`;
}

/**
 * What a tutor's account remembers of a line it has taken in, so that the line changes the
 * account once: the sale's key, or the same key marked as its refund.
 */
export function accountKey(line: { kind?: LineKind; paymentId: string; courseId: string }): string {
  const key = saleKey(line.paymentId, line.courseId);
  return line.kind === 'refund' ? `refund:${key}` : key;
}

export interface Amounts extends FeeSplit {
  grossPaise: number;
}

/**
 * A refund's amounts: exactly the sale's own, reversed, so that a sale and its refund always sum
 * to nothing for the tutor, for the platform and in gross (`0 - x`, never a negative zero).
 */
export function reversed(sale: Amounts): Amounts {
  return {
    grossPaise: 0 - sale.grossPaise,
    tutorPaise: 0 - sale.tutorPaise,
    platformPaise: 0 - sale.platformPaise,
  };
}
