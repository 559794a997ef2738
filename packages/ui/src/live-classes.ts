import { LIVE_SESSION_LIMITS, type LiveSession, type LiveSessionState } from '@liveedu/api-client';
import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/** A live class's start in the viewer's own time zone, e.g. `1 Dec 2026, 3:30 pm`. */
export function formatLiveTime(iso: string): string {
  return new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}

/** When joining a class that starts at `startsAt` opens: 10 minutes before. */
export function joinOpensAt(startsAt: string): number {
  return Date.parse(startsAt) - LIVE_SESSION_LIMITS.joinOpensMinutesBefore * MINUTE_MS;
}

/** Whether a class can be joined at `now`: from 10 minutes before its start until its end, unless cancelled. */
export function canJoinLive(
  session: Pick<LiveSession, 'startsAt' | 'endsAt' | 'state'>,
  now: number = Date.now(),
): boolean {
  if (session.state === 'cancelled' || session.state === 'ended') return false;
  return now >= joinOpensAt(session.startsAt) && now < Date.parse(session.endsAt);
}

/** Where a class stands at `now`, as its list shows it (the server's word, moved on by the clock). */
export function liveStateAt(
  session: Pick<LiveSession, 'startsAt' | 'endsAt' | 'state'>,
  now: number = Date.now(),
): LiveSessionState {
  if (session.state === 'cancelled') return 'cancelled';
  if (now >= Date.parse(session.endsAt)) return 'ended';
  if (now >= Date.parse(session.startsAt)) return 'live';
  if (now >= joinOpensAt(session.startsAt)) return 'open';
  return 'upcoming';
}

/** A class's state in words. */
export const LIVE_STATE_WORDS: Record<LiveSessionState, string> = {
  upcoming: 'Upcoming',
  open: 'Open for joining',
  live: 'Live now',
  ended: 'Ended',
  cancelled: 'Cancelled',
};

/** The room page of a class, for its host and its students alike. */
export const liveRoomPath = (sessionId: string) => `/live/${encodeURIComponent(sessionId)}`;

/**
 * The time now, moved on every `everyMs` so join buttons open and states move on without a reload;
 * `fixed` holds it at one moment instead (a test's clock).
 */
export function useNow(fixed?: number, everyMs = 30_000): number {
  const [now, setNow] = useState(() => fixed ?? Date.now());
  useEffect(() => {
    if (fixed !== undefined) {
      setNow(fixed);
      return;
    }
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [fixed, everyMs]);
  return fixed ?? now;
}
