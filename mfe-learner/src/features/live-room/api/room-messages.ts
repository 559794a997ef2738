/**
 * What members of a class's room send each other over the media server's data channel, one topic
 * a kind: a chat message, the host taking a chat message down, a raised or lowered hand, and the
 * host ending the class.
 */
export const ROOM_TOPICS = {
  chat: 'chat',
  chatDelete: 'chat-delete',
  hand: 'hand',
  end: 'end',
} as const;

export type RoomMessage =
  /** `name`: the sender's, shown where the room does not know the sender yet. */
  | { topic: 'chat'; id: string; text: string; at: string; name?: string }
  | { topic: 'chat-delete'; id: string }
  | { topic: 'hand'; raised: boolean }
  | { topic: 'end' };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The topic and bytes a message is sent as. */
export function encodeRoomMessage(message: RoomMessage): { topic: string; payload: Uint8Array<ArrayBuffer> } {
  const { topic, ...body } = message;
  return { topic, payload: encoder.encode(JSON.stringify(body)) };
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** A message received, or null for a topic this room does not know or a body that does not fit it. */
export function decodeRoomMessage(topic: string | undefined, payload: Uint8Array): RoomMessage | null {
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(decoder.decode(payload) || '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    body = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  switch (topic) {
    case ROOM_TOPICS.chat: {
      const at = typeof body.at === 'number' ? new Date(body.at).toISOString() : body.at;
      if (!isText(body.id) || !isText(body.text) || !isText(at) || Number.isNaN(Date.parse(at))) return null;
      const name = isText(body.name) && body.name.trim() ? body.name.trim().slice(0, 100) : undefined;
      return { topic, id: body.id, text: body.text, at, ...(name ? { name } : {}) };
    }
    case ROOM_TOPICS.chatDelete:
      return isText(body.id) ? { topic, id: body.id } : null;
    case ROOM_TOPICS.hand:
      return typeof body.raised === 'boolean' ? { topic, raised: body.raised } : null;
    case ROOM_TOPICS.end:
      return { topic };
    default:
      return null;
  }
}
