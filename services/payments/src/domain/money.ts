/** Money is integer paise inside the service; the API speaks rupees, as the spec does. */

/** Razorpay refuses orders below ₹1. */
export const MIN_ORDER_PAISE = 100;

/** A catalog price in rupees as integer paise, or null when it is not a price one can pay. */
export function priceToPaise(price: unknown): number | null {
  if (typeof price !== 'number' || !Number.isFinite(price)) return null;
  const paise = Math.round(price * 100);
  if (paise < MIN_ORDER_PAISE || !Number.isSafeInteger(paise)) return null;
  return paise;
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/**
 * Whether the amount segment of a verification address names the stored amount. The client
 * writes the course price in rupees there (`499`, `499.5`, `499.50`); anything else is a mismatch.
 */
export function amountSegmentMatches(segment: string, amountPaise: number): boolean {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(segment)) return false;
  return Math.round(Number(segment) * 100) === amountPaise;
}
