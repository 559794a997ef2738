/** The longest chat message, in characters. */
export const CHAT_MAX = 500;
/** How many messages the chat keeps; older ones scroll away for good. */
export const CHAT_KEPT = 300;

export interface ChatMessage {
  id: string;
  text: string;
  /** ISO time the sender sent it. */
  at: string;
  /** The sender's user id (their identity in the room). */
  senderId: string;
  senderName: string;
}

export interface ChatState {
  /** Whose deletes count: the class's host (its course's tutor). */
  hostId: string;
  messages: ChatMessage[];
  /** Messages the host took down, so one that arrives after its delete stays down. */
  deleted: string[];
}

export type ChatAction =
  | { type: 'received'; message: ChatMessage }
  | { type: 'deleted'; id: string; by: string };

export const emptyChat = (hostId: string): ChatState => ({ hostId, messages: [], deleted: [] });

/** Why a message cannot be sent, or null when it can: it needs 1 to 500 characters. */
export function chatTextProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return 'Write a message first';
  if (trimmed.length > CHAT_MAX) return `A message may be at most ${CHAT_MAX} characters`;
  return null;
}

/**
 * The class's chat: each message once (by id), in the order received; a message that breaks the
 * length rule is not shown. A message is taken down only when its delete comes from the host.
 */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  if (action.type === 'received') {
    const message = { ...action.message, text: action.message.text.trim() };
    if (chatTextProblem(message.text) !== null) return state;
    if (state.deleted.includes(message.id) || state.messages.some((m) => m.id === message.id)) return state;
    return { ...state, messages: [...state.messages, message].slice(-CHAT_KEPT) };
  }
  if (action.by !== state.hostId || state.deleted.includes(action.id)) return state;
  return {
    ...state,
    messages: state.messages.filter((m) => m.id !== action.id),
    deleted: [...state.deleted, action.id].slice(-CHAT_KEPT),
  };
}

/** A new message's id: unique across the room's members. */
export function newChatId(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  );
}
