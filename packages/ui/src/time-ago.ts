const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * How long ago `iso` was, as a feed says it: "just now", "5 minutes ago", "3 hours ago",
 * "2 days ago", and past a week the date ("12 Nov 2026").
 */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const past = Math.max(0, now - at);
  if (past < MINUTE) return 'just now';
  if (past < HOUR) return `${plural(Math.floor(past / MINUTE), 'minute')} ago`;
  if (past < DAY) return `${plural(Math.floor(past / HOUR), 'hour')} ago`;
  if (past < 7 * DAY) return `${plural(Math.floor(past / DAY), 'day')} ago`;
  return new Date(at).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** A wait in words, rounded up: "45 seconds", "12 minutes", "3 hours 20 minutes". */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return plural(s, 'second');
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${plural(hours, 'hour')} ${plural(rest, 'minute')}` : plural(hours, 'hour');
}
