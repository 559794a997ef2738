/** Money is integer paise inside the service; the API speaks rupees, as the spec does. */

/** Razorpay refuses orders below ₹1. */
export const MIN_ORDER_PAISE = 100;

/** Whether Razorpay can take a course's price (whole paise, at least ₹1) as an order's amount. */
export function sellable(pricePaise: number): boolean {
  return Number.isSafeInteger(pricePaise) && pricePaise >= MIN_ORDER_PAISE;
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
