import type { LiveSession } from '@liveedu/api-client';
import { liveStateAt } from '@liveedu/ui';

/**
 * What the room page offers before the member is in the room: nothing yet (joining opens ten
 * minutes before the start), joining, or the word that the class was cancelled or has ended.
 */
export type RoomPhase = 'before' | 'open' | 'ended' | 'cancelled';

export function roomPhaseAt(
  session: Pick<LiveSession, 'startsAt' | 'endsAt' | 'state'>,
  now: number,
): RoomPhase {
  const state = liveStateAt(session, now);
  if (state === 'cancelled' || state === 'ended') return state;
  return state === 'upcoming' ? 'before' : 'open';
}

/** How a class's room ended for this member, when it did. */
export type RoomEnd = 'ended' | 'removed' | 'lost';

export const ENDED_MESSAGE = 'This live class has ended';
export const REMOVED_MESSAGE = 'The host removed you from this live class';
export const CANCELLED_MESSAGE = 'This live class was cancelled';
export const LOST_MESSAGE = 'You were disconnected from this live class';

export const ROOM_END_WORDS: Record<RoomEnd, string> = {
  ended: ENDED_MESSAGE,
  removed: REMOVED_MESSAGE,
  lost: LOST_MESSAGE,
};

/** The media server's reasons for closing a member's connection that this page tells apart. */
export interface DisconnectReasons {
  CLIENT_INITIATED: number;
  PARTICIPANT_REMOVED: number;
  ROOM_DELETED: number;
}

/**
 * What a closed connection means: the host removed the member, the class's room was closed (it
 * ended), or the connection was lost and the member may join again. `endsAt` passed is an end
 * whatever the reason.
 */
export function roomEndOf(
  reason: number | undefined,
  reasons: DisconnectReasons,
  endsAt: string,
  now: number,
): RoomEnd {
  if (reason === reasons.PARTICIPANT_REMOVED) return 'removed';
  if (reason === reasons.ROOM_DELETED || now >= Date.parse(endsAt)) return 'ended';
  return 'lost';
}
