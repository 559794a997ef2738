import type { ApiClientOptions } from './client.ts';
import type { LiveSession } from './live-schedule.ts';
import { untypedCalls } from './untyped-calls.ts';

/** Who a member is in a class's room: its course's tutor hosts, its students watch. */
export type LiveRole = 'host' | 'viewer';

/** What joining a class answers: where the media server is and the member's pass into the room. */
export interface LiveJoin {
  /** The media server's WebSocket address (ws:// or wss://). */
  url: string;
  /** The member's access token for the class's room; it lapses when the class ends. */
  token: string;
  role: LiveRole;
  expiresAt: string;
}

/** The lecture made from a class's recording. */
export interface LiveRecordingBody {
  videoId: string;
  itemId: string;
}

const auth = { auth: true } as const;

/**
 * The room of a live class: reading the class, joining it (a pass for the media server), and what
 * its host does there: removing a member, letting a member speak, and naming the lecture made from
 * the class's recording. The answers are written out from the agreed API until the API document is
 * generated from the live service.
 */
export function createLiveRoomClient(options: ApiClientOptions) {
  const { get, post, put } = untypedCalls(options);
  return {
    /** One class, to the members of its course (others 404, as if there were none). */
    session: (sessionId: string, signal?: AbortSignal) =>
      get('/api/v1/live-sessions/{sessionId}', { ...auth, params: { sessionId }, signal }) as Promise<{
        session: LiveSession;
      }>,
    /**
     * A pass into the class's room, from ten minutes before its start until its end (else 409 with
     * when it opens, or that it ended); 403 for a member the host removed and for anyone else.
     */
    join: (sessionId: string) =>
      post('/api/v1/live-sessions/{sessionId}/join', { ...auth, params: { sessionId } }) as Promise<LiveJoin>,
    /** The host sends a member out of the room for good: they cannot join this class again. */
    removeParticipant: (sessionId: string, userId: string) =>
      post('/api/v1/live-sessions/{sessionId}/participants/{userId}/remove', {
        ...auth,
        params: { sessionId, userId },
      }) as Promise<{ message: string }>,
    /** The host lets a member use their camera and microphone, or takes that back. */
    allowToSpeak: (sessionId: string, userId: string, allowed: boolean) =>
      post('/api/v1/live-sessions/{sessionId}/participants/{userId}/speak', {
        ...auth,
        params: { sessionId, userId },
        body: { allowed },
      }) as Promise<{ message: string }>,
    /** The tutor names the lecture made from the class's recording, once the class has started. */
    setRecording: (sessionId: string, body: LiveRecordingBody) =>
      put('/api/v1/live-sessions/{sessionId}/recording', {
        ...auth,
        params: { sessionId },
        body,
      }) as Promise<{ session: LiveSession }>,
  };
}

export type LiveRoomClient = ReturnType<typeof createLiveRoomClient>;
