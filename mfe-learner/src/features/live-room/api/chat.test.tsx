import { describe, expect, it } from 'vitest';
import { CHAT_MAX, type ChatMessage, chatReducer, chatTextProblem, emptyChat } from './chat.ts';
import { decodeRoomMessage, encodeRoomMessage } from './room-messages.ts';

const HOST = 'tutor-1';

function message(id: string, text: string, senderId = 'student-1'): ChatMessage {
  return {
    id,
    text,
    at: '2026-12-01T10:00:00.000Z',
    senderId,
    senderName: senderId === HOST ? 'meera' : 'ravi',
  };
}

const receive = (...messages: ChatMessage[]) =>
  messages.reduce((state, m) => chatReducer(state, { type: 'received', message: m }), emptyChat(HOST));

describe('the class chat', () => {
  it('shows each message once, in the order it came, with who sent it', () => {
    const state = receive(message('m1', 'Hello'), message('m2', 'Hi all', HOST), message('m1', 'Hello'));
    expect(state.messages.map((m) => [m.senderName, m.text])).toEqual([
      ['ravi', 'Hello'],
      ['meera', 'Hi all'],
    ]);
  });

  it('takes 1 to 500 characters: an empty or longer message is neither sent nor shown', () => {
    expect(chatTextProblem('   ')).toBe('Write a message first');
    expect(chatTextProblem('x'.repeat(CHAT_MAX))).toBeNull();
    expect(chatTextProblem('x'.repeat(CHAT_MAX + 1))).toBe('A message may be at most 500 characters');
    const state = receive(message('m1', 'x'.repeat(CHAT_MAX + 1)), message('m2', ''), message('m3', ' ok '));
    expect(state.messages.map((m) => m.text)).toEqual(['ok']);
  });

  it('takes a message down only when the host deletes it, even a delete that came before it', () => {
    let state = receive(message('m1', 'Spam'), message('m2', 'A fair question'));
    state = chatReducer(state, { type: 'deleted', id: 'm2', by: 'student-1' });
    expect(state.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
    state = chatReducer(state, { type: 'deleted', id: 'm1', by: HOST });
    expect(state.messages.map((m) => m.id)).toEqual(['m2']);
    state = chatReducer(state, { type: 'deleted', id: 'm3', by: HOST });
    state = chatReducer(state, { type: 'received', message: message('m3', 'Late spam') });
    expect(state.messages.map((m) => m.id)).toEqual(['m2']);
  });

  it('reads only the topics and bodies the room sends', () => {
    const sent = encodeRoomMessage({
      topic: 'chat',
      id: 'm1',
      text: 'Hello',
      at: '2026-12-01T10:00:00.000Z',
    });
    expect(sent.topic).toBe('chat');
    expect(decodeRoomMessage(sent.topic, sent.payload)).toEqual({
      topic: 'chat',
      id: 'm1',
      text: 'Hello',
      at: '2026-12-01T10:00:00.000Z',
    });
    const named = encodeRoomMessage({
      topic: 'chat',
      id: 'm2',
      text: 'Hi',
      at: '2026-12-01T10:00:00.000Z',
      name: 'ravi',
    });
    expect(decodeRoomMessage('chat', named.payload)).toMatchObject({ id: 'm2', name: 'ravi' });
    const hand = encodeRoomMessage({ topic: 'hand', raised: true });
    expect(decodeRoomMessage('hand', hand.payload)).toEqual({ topic: 'hand', raised: true });
    expect(decodeRoomMessage('chat', new TextEncoder().encode('{"id":1}'))).toBeNull();
    expect(decodeRoomMessage('other', hand.payload)).toBeNull();
    expect(decodeRoomMessage('hand', new TextEncoder().encode('not json'))).toBeNull();
  });
});
