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
