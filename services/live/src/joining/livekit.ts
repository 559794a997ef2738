import { HttpError } from '@liveedu/service-kit';
import { AccessToken, RoomServiceClient, ServerError, type VideoGrant } from 'livekit-server-sdk';
import type { LiveConfig } from '../config.ts';

/** What this service asks of the media server: tokens it signs, and changes through its API. */
export interface LiveRooms {
  /** Where browsers connect. */
  publicUrl: string;
  /** A token for one participant, valid for `ttlSeconds`. */
  token(
    participant: { identity: string; name: string },
    grant: VideoGrant,
    ttlSeconds: number,
  ): Promise<string>;
  /** Drops the participant from the room now; false when they were not in it. */
  remove(room: string, identity: string): Promise<boolean>;
  /** Lets a participant publish camera and microphone, or no longer; false when they are not in the room. */
  allowPublishing(room: string, identity: string, allowed: boolean): Promise<boolean>;
}

/** The media server's "no such room or participant". */
const absent = (error: unknown) =>
  error instanceof ServerError && (error.status === 404 || error.code === 'not_found');

/** Any other failure of the media server's API: the caller may try again (503, never a 500). */
const unavailable = (error: unknown) => {
  if (absent(error)) return false;
  throw Object.assign(new HttpError(503, 'The media server is unavailable, please try again'), {
    cause: error,
  });
};

export function liveRooms(config: LiveConfig['livekit']): LiveRooms {
  const api = new RoomServiceClient(config.apiUrl, config.apiKey, config.apiSecret, { requestTimeout: 10 });
  return {
    publicUrl: config.publicUrl,
    async token(participant, grant, ttlSeconds) {
      const token = new AccessToken(config.apiKey, config.apiSecret, {
        identity: participant.identity,
        name: participant.name,
        ttl: ttlSeconds,
      });
      token.addGrant(grant);
      return token.toJwt();
    },
    async remove(room, identity) {
      try {
        await api.removeParticipant(room, identity);
        return true;
      } catch (error) {
        return unavailable(error);
      }
    },
    async allowPublishing(room, identity, allowed) {
      try {
        await api.updateParticipant(room, identity, {
          permission: { canPublish: allowed, canSubscribe: true, canPublishData: true },
        });
        return true;
      } catch (error) {
        return unavailable(error);
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The media server's tokens and API (installed by app.ts). */
    liveRooms: LiveRooms;
  }
}
