import { loadOnce } from '@liveedu/service-kit';
import type { WebhookEvent } from 'livekit-server-sdk';
import { livekitSdk } from '../joining/livekit-sdk.ts';

/** A participant joined or left a room, as the media server's webhook says it. */
export interface PresenceReport {
  eventId: string;
  event: string;
  room: string;
  identity: string;
  name: string;
  /** When the media server made the report. */
  at: Date;
}

/**
 * Checks a webhook's signature (a JWT signed with the API secret holding the body's SHA-256) and
 * reads it; null when it is not the media server's (a bad or missing signature, a changed body).
 */
export function webhookReader(apiKey: string, apiSecret: string) {
  const receiver = loadOnce(async () => new (await livekitSdk()).WebhookReceiver(apiKey, apiSecret));
  return async (
    body: string,
    authorization: string | undefined,
    now: Date,
  ): Promise<PresenceReport | null> => {
    const reading = await receiver();
    let event: WebhookEvent;
    try {
      event = await reading.receive(body, authorization);
    } catch {
      return null;
    }
    const createdAt = Number(event.createdAt ?? 0n);
    return {
      eventId: event.id,
      event: event.event,
      room: event.room?.name ?? '',
      identity: event.participant?.identity ?? '',
      name: event.participant?.name ?? '',
      at: createdAt > 0 ? new Date(createdAt * 1000) : now,
    };
  };
}
