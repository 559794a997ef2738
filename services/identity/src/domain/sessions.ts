import { randomBytes } from 'node:crypto';
import type { SessionEntry, UserDoc } from './user.ts';

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
export const openSessions = (user: Pick<UserDoc, 'sessions'>, now: Date): SessionEntry[] =>
  (user.sessions ?? []).filter((session) => session.expiresAt > now);

/** A user's sessions after a log-in: the expired ones and those beyond the cap dropped. */
export function afterLogin(
  user: Pick<UserDoc, 'sessions'>,
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
export function sessionStands(
  user: Pick<UserDoc, 'sessions' | 'tokenVersion'>,
  sid: string,
  tokenVersion: number,
  now: Date,
): boolean {
  return (
    (user.tokenVersion ?? 0) === tokenVersion &&
    openSessions(user, now).some((session) => session.sid === sid)
  );
}
