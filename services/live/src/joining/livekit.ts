import { HttpError, loadOnce } from '@liveedu/service-kit';
import type { RoomServiceClient, VideoGrant } from 'livekit-server-sdk';
import type { LiveConfig } from '../config.ts';
import { livekitSdk } from './livekit-sdk.ts';

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

export function liveRooms(config: LiveConfig['livekit']): LiveRooms {
  const rooms = loadOnce(async () => {
    const sdk = await livekitSdk();
    return {
      sdk,
      api: new sdk.RoomServiceClient(config.apiUrl, config.apiKey, config.apiSecret, { requestTimeout: 10 }),
    };
  });
  /**
   * A change through the media server's API: false when the room or participant is not there;
   * any other failure is a 503 the caller may try again (never a 500).
   */
  const change = async (call: (api: RoomServiceClient) => Promise<unknown>) => {
    const { sdk, api } = await rooms();
    try {
      await call(api);
      return true;
    } catch (error) {
      if (error instanceof sdk.ServerError && (error.status === 404 || error.code === 'not_found'))
        return false;
      throw Object.assign(new HttpError(503, 'The media server is unavailable, please try again'), {
        cause: error,
      });
    }
  };
  return {
    publicUrl: config.publicUrl,
    async token(participant, grant, ttlSeconds) {
      const { AccessToken } = await livekitSdk();
      const token = new AccessToken(config.apiKey, config.apiSecret, {
        identity: participant.identity,
        name: participant.name,
        ttl: ttlSeconds,
      });
      token.addGrant(grant);
      return token.toJwt();
    },
    remove: (room, identity) => change((api) => api.removeParticipant(room, identity)),
    allowPublishing: (room, identity, allowed) =>
      change((api) =>
        api.updateParticipant(room, identity, {
          permission: { canPublish: allowed, canSubscribe: true, canPublishData: true },
        }),
      ),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The media server's tokens and API (installed by app.ts). */
    liveRooms: LiveRooms;
  }
}
