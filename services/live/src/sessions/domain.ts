/** What a live class is, when it can be joined, and how lists order it: rules with no I/O. */

export const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Joining opens this long before the start. */
export const JOIN_OPENS_BEFORE_MS = 10 * MINUTE_MS;
/** How far ahead a class may be scheduled. */
export const MAX_DAYS_AHEAD = 180;
export const TITLE = { min: 3, max: 120 } as const;
export const DURATION_MIN = { min: 15, max: 240 } as const;
export const DESCRIPTION_MAX = 2000;
/** A course's classes per page of its list. */
export const SESSIONS_PAGE = 20;
/** Most classes `upcoming` answers. */
export const UPCOMING_MAX = 50;

export type SessionState = 'upcoming' | 'open' | 'live' | 'ended' | 'cancelled';

/** The times that decide a class's state. */
export interface Timed {
  startsAt: Date;
  endsAt: Date;
  cancelledAt: Date | null;
}

export const endsAtOf = (startsAt: Date, durationMin: number) =>
  new Date(startsAt.getTime() + durationMin * MINUTE_MS);

export const joinOpensAtOf = (startsAt: Date) => new Date(startsAt.getTime() - JOIN_OPENS_BEFORE_MS);

/**
 * Where a class stands at `now`: `open` from ten minutes before its start, `live` from its start
 * until its end, `ended` after; a cancelled class stays `cancelled`.
 */
export function stateOf(session: Timed, now: Date): SessionState {
  if (session.cancelledAt) return 'cancelled';
  const at = now.getTime();
  if (at >= session.endsAt.getTime()) return 'ended';
  if (at >= session.startsAt.getTime()) return 'live';
  if (at >= joinOpensAtOf(session.startsAt).getTime()) return 'open';
  return 'upcoming';
}

/**
 * Why a start time cannot be scheduled at `now` (a sentence for the tutor), or null: it must be
 * a real time, in the future and at most 180 days ahead.
 */
export function startProblem(startsAt: Date, now: Date): string | null {
  const at = startsAt.getTime();
  if (!Number.isFinite(at)) return 'startsAt must be a date and time (ISO 8601)';
  if (at <= now.getTime()) return 'A live class must start in the future';
  if (at > now.getTime() + MAX_DAYS_AHEAD * DAY_MS) {
    return `A live class can be scheduled at most ${MAX_DAYS_AHEAD} days ahead`;
  }
  return null;
}

/**
 * Why the tutor can no longer change or cancel the class (409), or null: an ended class is
 * history, a cancelled one is gone.
 */
export function changeProblem(session: Timed, now: Date, change: 'update' | 'cancel'): string | null {
  const state = stateOf(session, now);
  if (state === 'cancelled') return 'This live class was cancelled';
  if (state === 'ended') {
    return change === 'update'
      ? 'This live class has ended and can no longer be changed'
      : 'This live class has ended and can no longer be cancelled';
  }
  return null;
}

/**
 * A course's list: classes still to come or under way first, soonest first, then ended ones,
 * newest first; cancelled ones left out.
 */
export function inListOrder<T extends Timed>(sessions: readonly T[], now: Date): T[] {
  const shown = sessions.filter((s) => !s.cancelledAt);
  const ended = (s: T) => s.endsAt.getTime() <= now.getTime();
  const coming = shown.filter((s) => !ended(s)).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const past = shown.filter(ended).sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime());
  return [...coming, ...past];
}

/** Classes not ended and not cancelled, soonest first, at most `max`. */
export function comingSoonest<T extends Timed>(sessions: readonly T[], now: Date, max = UPCOMING_MAX): T[] {
  return sessions
    .filter((s) => !s.cancelledAt && s.endsAt.getTime() > now.getTime())
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .slice(0, max);
}

/** The course page's badge: whether a class is live now, which one to join, when the next starts. */
export interface LiveStatus {
  live: boolean;
  sessionId: string | null;
  nextStartsAt: string | null;
}

export function liveStatusOf<T extends Timed & { id: string }>(
  sessions: readonly T[],
  now: Date,
): LiveStatus {
  const coming = comingSoonest(sessions, now, Number.POSITIVE_INFINITY);
  const live = coming.find((s) => s.startsAt.getTime() <= now.getTime());
  const next = coming.find((s) => s.startsAt.getTime() > now.getTime());
  return {
    live: live !== undefined,
    sessionId: (live ?? next)?.id ?? null,
    nextStartsAt: next ? next.startsAt.toISOString() : null,
  };
}
