import { describe, expect, it } from 'vitest';
import { ROOM_END_WORDS, roomEndOf } from './room-phase.ts';
import { initialRoomState, inRaisedHandOrder, roomReducer } from './room-state.ts';

const HOST = 'tutor-1';
const REASONS = { CLIENT_INITIATED: 1, PARTICIPANT_REMOVED: 4, ROOM_DELETED: 5 };
const ENDS_AT = '2026-12-01T11:00:00.000Z';
const BEFORE_END = Date.parse(ENDS_AT) - 60_000;

const from = (identity: string) => ({ identity, name: identity });

describe('the room as a member sees it', () => {
  it('tells a removal, the class’s end and a lost connection apart', () => {
    expect(ROOM_END_WORDS[roomEndOf(REASONS.PARTICIPANT_REMOVED, REASONS, ENDS_AT, BEFORE_END)]).toBe(
      'The host removed you from this live class',
    );
    expect(ROOM_END_WORDS[roomEndOf(REASONS.ROOM_DELETED, REASONS, ENDS_AT, BEFORE_END)]).toBe(
      'This live class has ended',
    );
    expect(roomEndOf(REASONS.CLIENT_INITIATED, REASONS, ENDS_AT, Date.parse(ENDS_AT))).toBe('ended');
    expect(roomEndOf(undefined, REASONS, ENDS_AT, BEFORE_END)).toBe('lost');
  });

  it('ends the class when the host says so, and not when anyone else does', () => {
    let state = roomReducer(initialRoomState(HOST), { type: 'status', status: 'connected' });
    state = roomReducer(state, {
      type: 'message',
      from: from('student-1'),
      message: { topic: 'end' },
      at: 1,
    });
    expect(state.status).toBe('connected');
    state = roomReducer(state, { type: 'message', from: from(HOST), message: { topic: 'end' }, at: 2 });
    expect(state.status).toBe('ended');
    // Once over, a late reconnection or a lost connection does not bring the room back.
    state = roomReducer(state, { type: 'status', status: 'connected' });
    state = roomReducer(state, { type: 'closed', end: 'lost' });
    expect(state.status).toBe('ended');
  });

  it('keeps a removed member out, and lets a lost connection turn out to be the end', () => {
    const connected = roomReducer(initialRoomState(HOST), { type: 'status', status: 'connected' });
    const removed = roomReducer(connected, { type: 'closed', end: 'removed' });
    expect(roomReducer(removed, { type: 'status', status: 'reconnecting' }).status).toBe('removed');
    const lost = roomReducer(connected, {
      type: 'closed',
      end: 'lost',
      failure: 'could not establish signal connection',
    });
    expect(lost.failure).toBe('could not establish signal connection');
    expect(roomReducer(lost, { type: 'closed', end: 'ended' }).status).toBe('ended');
  });

  it('lists raised hands first, in the order they went up, and forgets a hand lowered or gone', () => {
    let state = initialRoomState(HOST);
    const hand = (identity: string, raised: boolean, at: number) =>
      roomReducer(state, { type: 'message', from: from(identity), message: { topic: 'hand', raised }, at });
    state = hand('zoe', true, 10);
    state = hand('amir', true, 20);
    state = hand('zoe', true, 30);
    const members = ['bela', 'amir', 'zoe', 'carl'].map((name) => ({ identity: name, name }));
    expect(inRaisedHandOrder(members, state.hands).map((m) => m.name)).toEqual([
      'zoe',
      'amir',
      'bela',
      'carl',
    ]);
    state = hand('zoe', false, 40);
    state = roomReducer(state, { type: 'left', identity: 'amir' });
    expect(inRaisedHandOrder(members, state.hands).map((m) => m.name)).toEqual([
      'amir',
      'bela',
      'carl',
      'zoe',
    ]);
  });
});
