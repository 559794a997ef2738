import { randomBytes } from 'node:crypto';

/** One log-in session, kept on the user (`UserDoc.sessions`). */
export interface SessionEntry {
  sid: string;
  /** The browser or client that logged in, as its User-Agent named it. */
  device: string;
  createdAt: Date;
  expiresAt: Date;
}

/** What the rules read of a user: their sessions and token version. */
type SessionsOf = { sessions?: SessionEntry[]; tokenVersion?: number };

/** How long a log-in lasts: the token's lifetime. */
export const SESSION_DAYS = 7;
/** Open sessions kept per user; a log-in beyond them ends the oldest. */
export const MAX_SESSIONS = 20;
const MAX_DEVICE_LENGTH = 200;

/** A session id: 128 random bits, hex (a key of `sessionsSeen`, so never a dot or a dollar). */
export const newSessionId = () => randomBytes(16).toString('hex');
export { SESSION_ID } from '@liveedu/contracts';

/** Printable characters only: a User-Agent may carry anything. */
const printable = (text: string) =>
  [...text].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');

export const deviceOf = (userAgent: string | undefined) =>
  printable(userAgent ?? '').slice(0, MAX_DEVICE_LENGTH) || 'Unknown device';

/** The sessions that are still open at `now` (not expired). */
export const openSessions = (user: Pick<SessionsOf, 'sessions'>, now: Date): SessionEntry[] =>
  (user.sessions ?? []).filter((session) => session.expiresAt > now);

/** A user's sessions after a log-in: the expired ones and those beyond the cap dropped. */
export function afterLogin(
  user: Pick<SessionsOf, 'sessions'>,
  session: SessionEntry,
  now: Date,
): { sessions: SessionEntry[]; ended: string[] } {
  const open = [...openSessions(user, now), session];
  const kept = open.slice(-MAX_SESSIONS);
  const keptIds = new Set(kept.map((s) => s.sid));
  return {
    sessions: kept,
    ended: (user.sessions ?? []).map((s) => s.sid).filter((sid) => !keptIds.has(sid)),
  };
}

/** Whether a token's session and token version still stand. */
export function sessionStands(user: SessionsOf, sid: string, tokenVersion: number, now: Date): boolean {
  return (
    (user.tokenVersion ?? 0) === tokenVersion &&
    openSessions(user, now).some((session) => session.sid === sid)
  );
}
