import { IDENTITY_USER_REGISTERED, type IdentityUserRegistered } from '@liveedu/contracts';
import { identityService } from '@liveedu/identity';
import {
  createService,
  type EventHandler,
  newEvent,
  outboxWrites,
  type Service,
  type ServiceDefinition,
} from '@liveedu/service-kit';
import { isolation, startPrivateNats, testServers } from '@liveedu/test-kit';
import { connect } from '@nats-io/transport-node';
import { MongoClient } from 'mongodb';
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
        { name: 'listener', handlers: [onRegistered], routes: [] },
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

describe('outbox relay', () => {
  const THINGS = 'things';
  const iso = isolation('relay');
  /** A service whose one route writes a document together with an event. */
  const emitter = (): ServiceDefinition => ({
    name: 'emitter',
    outboxCollections: [THINGS],
    routes: [
      async (app) => {
        app.post('/emit/:name', async (request) => {
          const { name } = request.params as { name: string };
          await app.outbox.insertOne(THINGS, { _id: name }, [newEvent('emitter.thing.made', { name })]);
          return { ok: true };
        });
      },
    ],
  });
  const start = () =>
    createService(emitter(), {
      // The periodic sweep is an hour away: whatever arrives sooner was woken by its write.
      env: { ...process.env, OUTBOX_SWEEP_SECONDS: '3600' },
      config: {
        port: 0,
        mongoUrl: testServers().mongoUrl,
        dbName: iso.dbName('emitter'),
        natsUrl: testServers().natsUrl,
        eventPrefix: iso.eventPrefix,
      },
    });

  /** Every `emitter.thing.made` published on the isolated subject, with when it arrived. */
  async function listen() {
    const nc = await connect({ servers: testServers().natsUrl });
    const seen: { name: string; at: number }[] = [];
    const subscription = nc.subscribe(`${iso.eventPrefix}emitter.thing.made`, {
      callback: (_error, message) => {
        seen.push({ name: (message.json() as { data: { name: string } }).data.name, at: performance.now() });
      },
    });
    return {
      seen,
      close: async () => {
        subscription.unsubscribe();
        await nc.close();
      },
    };
  }

  it('publishes an event within a second of its write, woken by the write, and cleans the document', async () => {
    const service = await start();
    const events = await listen();
    try {
      for (const name of ['first', 'second', 'third']) {
        const sent = performance.now();
        const response = await service.app.inject({ method: 'POST', url: `/emit/${name}` });
        expect(response.statusCode).toBe(200);
        const arrived = await eventually(async () => events.seen.find((e) => e.name === name), 5_000, name);
        expect(arrived.at - sent).toBeLessThan(1_000);
      }
      const things = service.app.db.collection(THINGS);
      await eventually(async () =>
        (await things.countDocuments({ _outboxAt: { $exists: true } })) === 0 ? true : undefined,
      );
      expect((await things.findOne({ _id: 'first' as never }))?._outbox).toEqual([]);
      expect(service.app.outbox.pending()).toBe(0);
      expect(events.seen).toHaveLength(3);
    } finally {
      await events.close();
      await service.close();
    }
  });

  it('publishes at the next start what a crash left between the write and its wake-up', async () => {
    // The write as it stands when the process dies right after it: events stored, nobody woken.
    const client = new MongoClient(testServers().mongoUrl);
    await client.connect();
    const events = await listen();
    try {
      await outboxWrites(client.db(iso.dbName('emitter'))).insertOne(THINGS, { _id: 'orphan' }, [
        newEvent('emitter.thing.made', { name: 'orphan' }),
      ]);
      const service = await start();
      try {
        await eventually(
          async () => events.seen.find((e) => e.name === 'orphan'),
          10_000,
          'the orphan event',
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(events.seen.filter((e) => e.name === 'orphan')).toHaveLength(1);
        // Taken off the document too, so the next sweep does not find it again.
        await eventually(async () => {
          const orphan = await service.app.db.collection(THINGS).findOne({ _id: 'orphan' as never });
          return orphan && orphan._outboxAt === undefined && orphan._outbox?.length === 0 ? true : undefined;
        });
      } finally {
        await service.close();
      }
    } finally {
      await events.close();
      await client.close();
    }
  });
});
