import type { ResponseOf } from '@liveedu/api-client';
import {
  DEFAULT_DEMO_PASSWORD,
  DEMO_STUDENTS,
  DEMO_TUTOR,
  type IdentityUserRegistered,
  type IdentityUserUpdated,
} from '@liveedu/contracts';
import { identityService } from '@liveedu/identity';
import { createService } from '@liveedu/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedEvents } from '../support/events.ts';
import { type IdentityStack, startIdentityStack } from '../support/platform.ts';
import { eventually } from '../support/stack.ts';

let stack: IdentityStack;
beforeAll(async () => {
  stack = await startIdentityStack({ SEED_DEMO: '1' });
});
afterAll(() => stack?.close());

describe('demo accounts', () => {
  it('creates the demo tutor with a bio and the demo students, with their fixed ids and password', async () => {
    const tutor = await stack.login(DEMO_TUTOR.username, DEFAULT_DEMO_PASSWORD);
    expect(tutor._id).toBe(DEMO_TUTOR.id);
    const me = await stack.call<ResponseOf<'/api/v1/getUserData', 'get'>>('GET', '/api/v1/getUserData', {
      as: tutor,
    });
    expect(me.body).toMatchObject({ role: 'tutor', email: DEMO_TUTOR.email, stausOfPage: 'accept' });
    expect(me.body.desc.length).toBeGreaterThan(200);
    for (const student of DEMO_STUDENTS) {
      const session = await stack.login(student.username, DEFAULT_DEMO_PASSWORD);
      expect(session._id).toBe(student.id);
    }
  });

  it('publishes their registration, and the tutor’s role and bio, for the catalog', async () => {
    const events = await eventually(async () => {
      const all = await publishedEvents(stack.identity, 'identity');
      return all.length >= DEMO_STUDENTS.length + 2 ? all : undefined;
    });
    const registered = events.filter(
      (e) => e.type === 'identity.user.registered',
    ) as IdentityUserRegistered[];
    expect(registered.map((e) => e.data.userId).sort()).toEqual(
      [DEMO_TUTOR.id, ...DEMO_STUDENTS.map((s) => s.id)].sort(),
    );
    const updated = events.filter((e) => e.type === 'identity.user.updated') as IdentityUserUpdated[];
    expect(updated).toHaveLength(1);
    expect(updated[0]?.data).toMatchObject({
      userId: DEMO_TUTOR.id,
      username: DEMO_TUTOR.username,
      role: 'tutor',
    });
    expect(updated[0]?.data.desc.length).toBeGreaterThan(200);
  });

  it('is idempotent across restarts and keeps what was changed since', async () => {
    const tutor = await stack.login(DEMO_TUTOR.username, DEFAULT_DEMO_PASSWORD);
    await stack.call('PUT', '/api/v1/update-user-desc', { as: tutor, body: { desc: 'A shorter bio.' } });
    const users = stack.identity.app.db.collection('users');
    const before = await users.countDocuments();

    const restarted = await createService(identityService, {
      env: { ...process.env, ...stack.env },
      config: { ...stack.identity.config },
    });
    try {
      expect(await users.countDocuments()).toBe(before);
      const me = await stack.call<ResponseOf<'/api/v1/getUserData', 'get'>>('GET', '/api/v1/getUserData', {
        as: tutor,
      });
      expect(me.body.desc).toBe('A shorter bio.');
      await restarted.app.outbox.drain();
      const registered = (await publishedEvents(stack.identity, 'identity')).filter(
        (e) => e.type === 'identity.user.registered',
      );
      expect(registered).toHaveLength(DEMO_STUDENTS.length + 1);
    } finally {
      await restarted.close();
    }
  });

  it('creates nothing when SEED_DEMO is 0 or false', async () => {
    const quiet = await startIdentityStack({ SEED_DEMO: 'false' });
    try {
      const login = await quiet.call('POST', '/api/v1/login', {
        body: { username: DEMO_TUTOR.username, password: DEFAULT_DEMO_PASSWORD },
      });
      expect(login.status).toBe(401);
    } finally {
      await quiet.close();
    }
  });
});
