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
