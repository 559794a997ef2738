import type { VideoGrant } from 'livekit-server-sdk';
import { joinOpensAtOf, stateOf, type Timed } from '../sessions/domain.ts';

/** How a member takes part in a class: the course's tutor hosts, its students watch. */
export type JoinRole = 'host' | 'viewer';

/** The media server's room of a class. */
export const roomOf = (sessionId: string) => `live-${sessionId}`;

const ROOM = /^live-([0-9a-f]{24})$/;

/** The class a room belongs to, or null for a room that is not a class's. */
export function sessionIdOfRoom(room: string): string | null {
  return ROOM.exec(room)?.[1] ?? null;
}

/** Who the caller is in a class: its host, a viewer, or nobody who may join. */
export function joinRoleOf(
  member: { access: 'student' | 'tutor' | 'admin' | 'none'; tutorId: string },
  userId: string,
): JoinRole | null {
  if (member.tutorId === userId) return 'host';
  return member.access === 'student' ? 'viewer' : null;
}

/**
 * Whether a class can be joined at `now` (from ten minutes before its start until its end), or
 * the sentence that says why not.
 */
export function joinRefusal(session: Timed, now: Date): string | null {
  switch (stateOf(session, now)) {
    case 'cancelled':
      return 'This live class was cancelled';
    case 'ended':
      return 'This live class has ended';
    case 'upcoming':
      return `This live class opens for joining at ${joinOpensAtOf(session.startsAt).toISOString()}`;
    default:
      return null;
  }
}

/**
 * What a join token lets its holder do: this class's room only; everyone watches and chats, only
 * the host sends camera, microphone and screen, and only the host runs the room.
 */
export function grantFor(sessionId: string, role: JoinRole): VideoGrant {
  const host = role === 'host';
  return {
    room: roomOf(sessionId),
    roomJoin: true,
    canSubscribe: true,
    canPublishData: true,
    canPublish: host,
    canUpdateOwnMetadata: true,
    roomAdmin: host,
  };
}

/** Seconds from `now` until the class ends: the token's lifetime (at least one). */
export function secondsUntilEnd(session: Timed, now: Date): number {
  return Math.max(1, Math.ceil((session.endsAt.getTime() - now.getTime()) / 1000));
}
