import { type ApiClientOptions, apiCalls } from './client.ts';
import type { BodyOf, ResponseOf } from './types.ts';

/**
 * What joining a class answers: where the media server is (ws:// or wss://) and the member's pass
 * into the room, which lapses when the class ends.
 */
export type LiveJoin = ResponseOf<'/api/v1/live-sessions/{sessionId}/join', 'post'>;

/** Who a member is in a class's room: its course's tutor hosts, its students watch. */
export type LiveRole = LiveJoin['role'];

/** The lecture made from a class's recording. */
export type LiveRecordingBody = BodyOf<'/api/v1/live-sessions/{sessionId}/recording', 'put'>;

const auth = { auth: true } as const;

/**
 * The room of a live class: reading the class, joining it (a pass for the media server), and what
 * its host does there: removing a member, letting a member speak, and naming the lecture made from
 * the class's recording.
 */
export function createLiveRoomClient(options: ApiClientOptions) {
  const { get, post, put } = apiCalls(options);
  return {
    /** One class, to the members of its course (others 404, as if there were none). */
    session: (sessionId: string, signal?: AbortSignal) =>
      get('/api/v1/live-sessions/{sessionId}', { ...auth, params: { sessionId }, signal }),
    /**
     * A pass into the class's room, from ten minutes before its start until its end (else 409 with
     * when it opens, or that it ended); 403 for a member the host removed and for anyone else.
     */
    join: (sessionId: string) =>
      post('/api/v1/live-sessions/{sessionId}/join', { ...auth, params: { sessionId } }),
    /** The host sends a member out of the room for good: they cannot join this class again. */
    removeParticipant: (sessionId: string, userId: string) =>
      post('/api/v1/live-sessions/{sessionId}/participants/{userId}/remove', {
        ...auth,
        params: { sessionId, userId },
      }),
    /** The host lets a member use their camera and microphone, or takes that back. */
    allowToSpeak: (sessionId: string, userId: string, allowed: boolean) =>
      post('/api/v1/live-sessions/{sessionId}/participants/{userId}/speak', {
        ...auth,
        params: { sessionId, userId },
        body: { allowed },
      }),
    /** The tutor names the lecture made from the class's recording, once the class has started. */
    setRecording: (sessionId: string, body: LiveRecordingBody) =>
      put('/api/v1/live-sessions/{sessionId}/recording', {
        ...auth,
        params: { sessionId },
        body,
      }),
  };
}

export type LiveRoomClient = ReturnType<typeof createLiveRoomClient>;
