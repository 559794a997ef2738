import { type ChatMessage, type ChatState, chatReducer, emptyChat } from './chat.ts';
import type { RoomMessage } from './room-messages.ts';
import type { RoomEnd } from './room-phase.ts';

/** Where the member's connection to the class's room stands. */
export type RoomStatus = 'connecting' | 'connected' | 'reconnecting' | RoomEnd;

export interface RoomState {
  status: RoomStatus;
  /** Why the connection could not be made, when it could not. */
  failure: string;
  chat: ChatState;
  /** Members with a hand up (by identity), and since when (ms). */
  hands: Record<string, number>;
  /** Moves on whenever members, tracks or permissions change, so the room is drawn again. */
  version: number;
}

export type RoomAction =
  | { type: 'status'; status: 'connecting' | 'connected' | 'reconnecting' }
  | { type: 'closed'; end: RoomEnd; failure?: string }
  | { type: 'changed' }
  | { type: 'message'; from: { identity: string; name: string }; message: RoomMessage; at: number }
  | { type: 'chat-sent'; message: ChatMessage }
  | { type: 'left'; identity: string };

export const initialRoomState = (hostId: string): RoomState => ({
  status: 'connecting',
  failure: '',
  chat: emptyChat(hostId),
  hands: {},
  version: 0,
});

const isFinal = (status: RoomStatus) => status === 'ended' || status === 'removed';

function withHand(hands: Record<string, number>, identity: string, raisedAt: number | null) {
  const next = { ...hands };
  if (raisedAt === null) delete next[identity];
  else next[identity] ??= raisedAt;
  return next;
}

/**
 * The room as the member sees it. Once the class has ended for them (it ended, or the host removed
 * them) nothing brings it back; a lost connection may still turn out to be the class's end. Only
 * the host ends the class for everyone, and only the host's deletes take chat messages down.
 */
export function roomReducer(state: RoomState, action: RoomAction): RoomState {
  switch (action.type) {
    case 'status':
      return isFinal(state.status) || state.status === 'lost' ? state : { ...state, status: action.status };
    case 'closed':
      if (isFinal(state.status)) return state;
      return { ...state, status: action.end, failure: action.failure ?? state.failure };
    case 'changed':
      return { ...state, version: state.version + 1 };
    case 'left':
      return { ...state, hands: withHand(state.hands, action.identity, null), version: state.version + 1 };
    case 'chat-sent':
      return { ...state, chat: chatReducer(state.chat, { type: 'received', message: action.message }) };
    case 'message': {
      const { from, message } = action;
      if (message.topic === 'chat') {
        const received = {
          id: message.id,
          text: message.text,
          at: message.at,
          senderId: from.identity,
          senderName: from.name,
        };
        return { ...state, chat: chatReducer(state.chat, { type: 'received', message: received }) };
      }
      if (message.topic === 'chat-delete') {
        return {
          ...state,
          chat: chatReducer(state.chat, { type: 'deleted', id: message.id, by: from.identity }),
        };
      }
      if (message.topic === 'hand') {
        return { ...state, hands: withHand(state.hands, from.identity, message.raised ? action.at : null) };
      }
      if (from.identity !== state.chat.hostId || isFinal(state.status)) return state;
      return { ...state, status: 'ended' };
    }
  }
}

/** The members with a hand up first (who raised it first, first), then the others by name. */
export function inRaisedHandOrder<T extends { identity: string; name: string }>(
  members: readonly T[],
  hands: Record<string, number>,
): T[] {
  return [...members].sort((a, b) => {
    const ha = hands[a.identity];
    const hb = hands[b.identity];
    if (ha !== undefined && hb !== undefined) return ha - hb;
    if (ha !== undefined) return -1;
    if (hb !== undefined) return 1;
    return a.name.localeCompare(b.name);
  });
}
