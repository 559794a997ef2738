/** The ids of `newest` (newest first) that came after `lastSeen`, oldest first: what a stream sends next. */
export function newerThan(newest: readonly string[], lastSeen: string | null): string[] {
  const at = lastSeen === null ? -1 : newest.indexOf(lastSeen);
  const fresh = at === -1 ? newest : newest.slice(0, at);
  return [...fresh].reverse();
}

/** One server-sent event: its name, its id when it has one, and its data as one JSON line. */
export function sseEvent(event: string, data: unknown, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: keeps the connection (and every proxy on the way) from thinking it idle. */
export const SSE_PING = ': ping\n\n';

/** A `Last-Event-ID` worth resuming from: a notification id, else nothing. */
export const resumeFrom = (header: string | string[] | undefined): string | null =>
  typeof header === 'string' && /^[0-9a-f]{24}$/.test(header.trim()) ? header.trim() : null;
