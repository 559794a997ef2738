import { describe, expect, it } from 'vitest';
import {
  afterLogin,
  deviceOf,
  MAX_SESSIONS,
  newSessionId,
  SESSION_ID,
  type SessionEntry,
  sessionStands,
} from './domain.ts';

const DAY = 86_400_000;
const at = (ms: number) => new Date(Date.UTC(2026, 10, 1) + ms);
const session = (sid: string, createdMs: number, days = 7): SessionEntry => ({
  sid,
  device: 'test',
  createdAt: at(createdMs),
  expiresAt: at(createdMs + days * DAY),
});

describe('log-in sessions', () => {
  it('stands while open, unexpired and of the current token version', () => {
    const user = { sessions: [session('a', 0)], tokenVersion: 2 };
    expect(sessionStands(user, 'a', 2, at(DAY))).toBe(true);
    expect(sessionStands(user, 'a', 1, at(DAY))).toBe(false);
    expect(sessionStands(user, 'b', 2, at(DAY))).toBe(false);
    expect(sessionStands(user, 'a', 2, at(8 * DAY))).toBe(false);
    expect(sessionStands({ sessions: [session('a', 0)] }, 'a', 0, at(DAY))).toBe(true);
  });

  it('keeps the newest sessions on log-in and ends the expired and the oldest beyond the cap', () => {
    const many = Array.from({ length: MAX_SESSIONS }, (_, i) => session(`s${i}`, i * 1000));
    const expired = session('old', -30 * DAY);
    const { sessions, ended } = afterLogin({ sessions: [expired, ...many] }, session('new', DAY), at(DAY));
    expect(sessions).toHaveLength(MAX_SESSIONS);
    expect(sessions.at(-1)?.sid).toBe('new');
    expect(ended).toEqual(['old', 's0']);
  });

  it('makes random hex ids and a printable device name', () => {
    const id = newSessionId();
    expect(id).toMatch(SESSION_ID);
    expect(newSessionId()).not.toBe(id);
    expect(deviceOf('Mozilla/5.0\u0000\n(X11)')).toBe('Mozilla/5.0(X11)');
    expect(deviceOf(undefined)).toBe('Unknown device');
    expect(deviceOf('x'.repeat(500))).toHaveLength(200);
  });
});
