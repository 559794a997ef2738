import { IDENTITY_USER_REGISTERED, type IdentityUserRegistered } from '@liveedu/contracts';
import { identityService } from '@liveedu/identity';
import { createService, type EventHandler, type Service } from '@liveedu/service-kit';
import { isolation, startPrivateNats, testServers } from '@liveedu/test-kit';
import { describe, expect, it } from 'vitest';
import { eventually, startTestStack } from '../support/stack.ts';

describe('outbox', () => {
  it('delivers an event written while NATS is down once NATS comes back', async () => {
    const nats = await startPrivateNats();
    const stack = await startTestStack({ services: { identity: identityService }, natsUrl: nats.url });
    const received: IdentityUserRegistered[] = [];
    const iso = isolation('listener');
    // A second service with a durable consumer of identity's events, on the same private NATS.
    const onRegistered: EventHandler<IdentityUserRegistered> = {
      event: IDENTITY_USER_REGISTERED,
      name: 'on-user-registered',
      async handle(event) {
        received.push(event);
      },
    };
    let listener: Service | undefined;
    try {
      listener = await createService(
        { name: 'listener', handlers: [onRegistered], routes: async () => {} },
        {
          config: {
            port: 0,
            mongoUrl: testServers().mongoUrl,
            dbName: iso.dbName('listener'),
            natsUrl: nats.url,
            eventPrefix: stack.services.identity?.config.eventPrefix as string,
          },
        },
      );

      await nats.halt();
      const signUp = await stack.call('POST', '/api/v1/user-signUp', {
        body: { username: 'offline', email: 'offline@example.com', password: 'a long password' },
      });
      expect(signUp.status).toBe(201);
      // The write succeeded and the event waits in the user's document.
      const users = stack.services.identity?.app.db.collection('users');
      const pending = await users?.findOne({ usernameKey: 'offline' });
      expect(pending?._outbox).toHaveLength(1);
      expect(received).toHaveLength(0);

      await nats.resume();
      const mine = () => received.filter((event) => event.data.username === 'offline');
      const delivered = await eventually(
        async () => (mine().length > 0 ? mine() : undefined),
        30_000,
        'the registration event',
      );
      expect(delivered[0]?.data.username).toBe('offline');
      expect(delivered[0]?.type).toBe(IDENTITY_USER_REGISTERED);
      await eventually(async () =>
        (await users?.findOne({ usernameKey: 'offline' }))?._outbox?.length === 0 ? true : undefined,
      );
      // Exactly once, even though the relay may have retried while NATS was away.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(mine()).toHaveLength(1);
    } finally {
      await listener?.close();
      await stack.close();
      await nats.stop();
    }
  }, 90_000);
});
