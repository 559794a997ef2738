import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

// ADMIN_PASSWORD makes the admin account; it does not own the password afterwards.

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ services: {}, processes: ['identity'] });
});
afterAll(() => stack?.close());

describe('the admin account’s password', () => {
  it('is ADMIN_PASSWORD at first, and a password the admin changed survives a restart', async () => {
    const first = stack.env.ADMIN_PASSWORD as string;
    const admin = await stack.login('admin', first);
    const changed = await stack.call('PUT', '/api/v1/change-password', {
      as: admin,
      body: {
        currPass: first,
        newPass: 'harbour violet sprocket',
        confirmNewPass: 'harbour violet sprocket',
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const identity = stack.processes.identity;
    if (!identity) throw new Error('identity runs as a process here');
    await identity.stop();
    await identity.start();

    await stack.login('admin', 'harbour violet sprocket');
    const old = await stack.call('POST', '/api/v1/login', { body: { username: 'admin', password: first } });
    expect(old.status).toBe(401);
  });
});
