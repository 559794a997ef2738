/** The first `max` characters of a text, as the spec's cuts (card title 20, bio 700, …). */
export function truncate(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  return value.length > max ? value.slice(0, max) : value;
}

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
});

export function formatRupees(amount: number | string | null | undefined): string {
  const n = Number(amount);
  return rupees.format(Number.isFinite(n) ? n : 0);
}

/** Whether a course's price (in rupees) makes it free: enrolled in, not bought. */
export function isFreePrice(price: number | string | null | undefined): boolean {
  return price !== null && price !== undefined && price !== '' && Number(price) === 0;
}

/** A course's price as cards and the course page show it: "Free" for 0, else rupees. */
export function formatPrice(price: number | string | null | undefined): string {
  return isFreePrice(price) ? 'Free' : formatRupees(price);
}

const longDate = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/**
 * A day written out (5 March 2026), as a certificate or a review dates it: in India's time, so the
 * server that renders the page and every browser say the same day.
 */
export function formatLongDate(iso: string): string {
  return longDate.format(new Date(iso));
}
