import type { CallerIdentity, Role } from '@liveedu/contracts';
import { HttpError, unauthorized } from '@liveedu/service-kit';
import { describe, expect, it } from 'vitest';
import { AccessCache } from './access-cache.ts';

/** Identity as a table the test edits, counting the questions it is asked. */
function fakeIdentity() {
  const roles = new Map<string, Role>();
  const state = { calls: 0, down: false, gate: null as Promise<void> | null };
  const load = async (userId: string): Promise<CallerIdentity> => {
    state.calls += 1;
    const role = roles.get(userId);
    if (state.gate) await state.gate;
    if (state.down) throw new HttpError(503, 'The identity service is unavailable, please try again');
    if (!role) throw unauthorized('Your account no longer exists');
    return { userId, username: `name-${userId}`, role };
  };
  return { roles, state, load };
}

function liveCache(load: (userId: string) => Promise<CallerIdentity>, ttlMs = 30_000) {
  const cache = new AccessCache({ maxEntries: 100, ttlMs, load });
  cache.live = true;
  return cache;
}

describe('AccessCache', () => {
  it('asks identity once per user while events are followed', async () => {
    const identity = fakeIdentity();
    identity.roles.set('u1', 'student');
    const cache = liveCache(identity.load);
    expect((await cache.access('u1', 'r1')).role).toBe('student');
    expect((await cache.access('u1', 'r2')).role).toBe('student');
    expect(identity.state.calls).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('asks identity at every call while events are not followed', async () => {
    const identity = fakeIdentity();
    identity.roles.set('u1', 'student');
    const cache = new AccessCache({ maxEntries: 100, ttlMs: 30_000, load: identity.load });
    await cache.access('u1', 'r1');
    identity.roles.set('u1', 'tutor');
    expect((await cache.access('u1', 'r2')).role).toBe('tutor');
    expect(identity.state.calls).toBe(2);
  });

  it('asks again after an invalidation, a clear, a change of feed state or the TTL', async () => {
    const identity = fakeIdentity();
    identity.roles.set('u1', 'student');
    const cache = liveCache(identity.load, 200);
    await cache.access('u1', 'r');
    identity.roles.set('u1', 'tutor');
    expect((await cache.access('u1', 'r')).role).toBe('student');
    cache.invalidate('u1');
    expect((await cache.access('u1', 'r')).role).toBe('tutor');

    identity.roles.set('u1', 'admin');
    cache.clear();
    expect((await cache.access('u1', 'r')).role).toBe('admin');

    identity.roles.set('u1', 'student');
    cache.live = false;
    cache.live = true;
    expect((await cache.access('u1', 'r')).role).toBe('student');

    identity.roles.set('u1', 'tutor');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await cache.access('u1', 'r')).role).toBe('tutor');
    expect(identity.state.calls).toBe(5);
  });

  it('does not keep an answer that was on its way when the user changed', async () => {
    const replies: Array<(role: Role) => void> = [];
    const cache = liveCache(
      (userId) =>
        new Promise<CallerIdentity>((resolve) => {
          replies.push((role) => resolve({ userId, username: 'u', role }));
        }),
    );
    const early = cache.access('u1', 'r1');
    // The change lands and its event arrives while identity's first answer is still travelling;
    // a call after the event must not wait for, nor get, that older answer.
    cache.invalidate('u1');
    const late = cache.access('u1', 'r2');
    expect(replies).toHaveLength(2);
    replies[1]?.('tutor');
    expect((await late).role).toBe('tutor');
    replies[0]?.('student');
    expect((await early).role).toBe('student');
    expect((await cache.access('u1', 'r3')).role).toBe('tutor');
    expect(replies).toHaveLength(2);
  });

  it('drops an answer that raced a clear', async () => {
    const identity = fakeIdentity();
    identity.roles.set('u1', 'student');
    const cache = liveCache(identity.load);
    let open = () => {};
    identity.state.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const pending = cache.access('u1', 'r1');
    cache.clear();
    open();
    identity.state.gate = null;
    await pending;
    expect(cache.size).toBe(0);
  });

  it('shares one question among concurrent calls of a user', async () => {
    const identity = fakeIdentity();
    identity.roles.set('u1', 'student');
    const cache = liveCache(identity.load);
    const answers = await Promise.all([1, 2, 3].map((n) => cache.access('u1', `r${n}`)));
    expect(answers.map((a) => a.role)).toEqual(['student', 'student', 'student']);
    expect(identity.state.calls).toBe(1);
  });

  it('stands in for identity while it is down, and only for users it knows', async () => {
    const identity = fakeIdentity();
    identity.roles.set('u1', 'tutor');
    identity.roles.set('u2', 'student');
    const cache = new AccessCache({ maxEntries: 100, ttlMs: 30_000, load: identity.load });
    await cache.access('u1', 'r');
    identity.state.down = true;
    // Not following events: identity is asked first, the entry only answers when it cannot.
    expect((await cache.access('u1', 'r')).role).toBe('tutor');
    await expect(cache.access('u2', 'r')).rejects.toMatchObject({
      statusCode: 503,
      message: 'The identity service is unavailable, please try again',
    });
  });

  it('forgets a user identity no longer knows', async () => {
    const identity = fakeIdentity();
    identity.roles.set('u1', 'student');
    const cache = new AccessCache({ maxEntries: 100, ttlMs: 30_000, load: identity.load });
    await cache.access('u1', 'r');
    identity.roles.delete('u1');
    await expect(cache.access('u1', 'r')).rejects.toMatchObject({ statusCode: 401 });
    expect(cache.size).toBe(0);
    identity.state.down = true;
    await expect(cache.access('u1', 'r')).rejects.toMatchObject({ statusCode: 503 });
  });

  it('keeps at most maxEntries users', async () => {
    const identity = fakeIdentity();
    const cache = new AccessCache({ maxEntries: 3, ttlMs: 30_000, load: identity.load });
    cache.live = true;
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      identity.roles.set(id, 'student');
      await cache.access(id, 'r');
    }
    expect(cache.size).toBe(3);
    await cache.access('a', 'r');
    expect(identity.state.calls).toBe(6);
  });
});
