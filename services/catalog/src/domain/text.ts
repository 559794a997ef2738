/** Lower-cased, trimmed copy of a text: what case-insensitive lookups and searches compare. */
export const textKey = (value: string) => value.trim().toLowerCase();

/** A user's text as a literal pattern (RE2 syntax): every metacharacter is escaped. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
