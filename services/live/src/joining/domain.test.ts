import { describe, expect, it } from 'vitest';
import { endsAtOf } from '../sessions/domain.ts';
import { grantFor, joinRefusal, joinRoleOf, roomOf, secondsUntilEnd, sessionIdOfRoom } from './domain.ts';

const now = new Date('2026-11-28T12:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
const session = (startIn: number, cancelled = false) => ({
  startsAt: minutes(startIn),
  endsAt: endsAtOf(minutes(startIn), 30),
  cancelledAt: cancelled ? now : null,
});
const ID = '0123456789abcdef01234567';

describe('the join window', () => {
  it('opens ten minutes before the start and closes at the end', () => {
    expect(joinRefusal(session(10.01), now)).toBe(
      `This live class opens for joining at ${minutes(0.01).toISOString()}`,
    );
    expect(joinRefusal(session(10), now)).toBeNull();
    expect(joinRefusal(session(-29.99), now)).toBeNull();
    expect(joinRefusal(session(-30), now)).toBe('This live class has ended');
    expect(joinRefusal(session(5, true), now)).toBe('This live class was cancelled');
  });

  it('gives a token that lasts until the end', () => {
    expect(secondsUntilEnd(session(5), now)).toBe(35 * 60);
    expect(secondsUntilEnd(session(-30), now)).toBe(1);
  });
});

describe('who joins as what', () => {
  it("makes the course's tutor the host and its students viewers; nobody else", () => {
    expect(joinRoleOf({ access: 'tutor', tutorId: 'u1' }, 'u1')).toBe('host');
    expect(joinRoleOf({ access: 'student', tutorId: 'u1' }, 'u2')).toBe('viewer');
    expect(joinRoleOf({ access: 'admin', tutorId: 'u1' }, 'u3')).toBeNull();
    expect(joinRoleOf({ access: 'none', tutorId: 'u1' }, 'u4')).toBeNull();
  });

  it("grants this class's room only; publishing and running it to the host alone", () => {
    expect(grantFor(ID, 'host')).toEqual({
      room: `live-${ID}`,
      roomJoin: true,
      canSubscribe: true,
      canPublishData: true,
      canPublish: true,
      canUpdateOwnMetadata: true,
      roomAdmin: true,
    });
    expect(grantFor(ID, 'viewer')).toMatchObject({ room: `live-${ID}`, canPublish: false, roomAdmin: false });
  });

  it('reads the class back from its room, and nothing from other rooms', () => {
    expect(sessionIdOfRoom(roomOf(ID))).toBe(ID);
    expect(sessionIdOfRoom('live-nope')).toBeNull();
    expect(sessionIdOfRoom(`lobby-${ID}`)).toBeNull();
  });
});
