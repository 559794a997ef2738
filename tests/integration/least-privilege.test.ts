import { randomBytes } from 'node:crypto';
import { accessPlan } from '@liveedu/platform-registry';
import { followEvents, natsServerOptions, natsUrlWithUser } from '@liveedu/service-kit';
import { startPrivateMinio, startPrivateNats } from '@liveedu/test-kit';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Client } from 'minio';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Each part's users as `npm start`, compose and k8s create them from the registry. */
const secret = () => randomBytes(32).toString('hex');
const { natsUsers, storageUsers } = accessPlan({
  natsPassword: secret,
  storageSecret: secret,
  bucketPrefix: 'lp-',
});

describe("a service's NATS user may publish only its own events and read only what it consumes", () => {
  let url: string;
  const connections: NatsConnection[] = [];
  const as = async (part: string) => {
    const user = natsUsers.find((u) => u.user === part)!;
    const nc = await connect({
      ...natsServerOptions(natsUrlWithUser(url, user.user, user.password)),
      timeout: 5_000,
    });
    connections.push(nc);
    return nc;
  };

  beforeAll(async () => {
    url = (await startPrivateNats({ users: natsUsers })).url;
  });
  afterAll(async () => {
    await Promise.all(connections.map((nc) => nc.close()));
  });

  it('lets payments announce a payment and refuses the todo service the same message', async () => {
    const payments = await as('payments');
    const jsm = await jetstreamManager(payments);
    await jsm.streams.add({ name: 'PAYMENTS', subjects: ['payments.>'] });
    await jetstream(payments).publish('payments.payment.succeeded', '{"id":"real"}', { msgID: 'real' });

    const todo = await as('todo');
    await expect(
      jetstream(todo, { timeout: 2_000 }).publish('payments.payment.succeeded', '{"id":"forged"}'),
    ).rejects.toThrow(/permission|timeout|no responders/i);
    // Plain NATS too: the server drops it.
    todo.publish('payments.payment.succeeded', '{"id":"forged-core"}');
    await todo.flush();
    expect((await jsm.streams.info('PAYMENTS')).state.messages).toBe(1);
  });

  it("refuses a service another's stream, and reading events it does not consume", async () => {
    const identity = await as('identity');
    await (await jetstreamManager(identity)).streams.add({ name: 'IDENTITY', subjects: ['identity.>'] });
    const todo = await as('todo');
    const todoJsm = await jetstreamManager(todo, { timeout: 2_000 });
    // It consumes identity.user.deleted: a durable filtered to it is allowed.
    await todoJsm.consumers.add('IDENTITY', {
      durable_name: 'todo-on-user-deleted',
      ack_policy: AckPolicy.Explicit,
      filter_subject: 'identity.user.deleted',
    });
    // Not the payments stream (it consumes nothing of it), and it cannot create or remove a stream.
    await expect(
      todoJsm.consumers.add('PAYMENTS', {
        durable_name: 'todo-snoop',
        ack_policy: AckPolicy.Explicit,
        filter_subject: 'payments.payment.succeeded',
      }),
    ).rejects.toThrow();
    await expect(todoJsm.streams.info('PAYMENTS')).rejects.toThrow();
    await expect(todoJsm.streams.add({ name: 'TODO_FAKE', subjects: ['payments.>'] })).rejects.toThrow();
    await expect(todoJsm.streams.delete('IDENTITY')).rejects.toThrow();
  });

  it("lets the gateway follow identity's events as every replica does (an ordered consumer)", async () => {
    const seen: string[] = [];
    const follower = followEvents({
      natsUrl: natsUrlWithUser(url, 'gateway', natsUsers.find((u) => u.user === 'gateway')!.password),
      prefix: '',
      owner: 'identity',
      types: ['identity.user.signedout'],
      filter: 'identity.user.*',
      name: 'gateway-test',
      log: pino({ level: 'silent' }),
      onEvent: (event) => {
        seen.push(event.id);
      },
      onGap: () => {},
    });
    try {
      await expect.poll(() => follower.live, { timeout: 10_000 }).toBe(true);
      const identity = await as('identity');
      await jetstream(identity).publish(
        'identity.user.signedout',
        JSON.stringify({
          id: 'ev-1',
          type: 'identity.user.signedout',
          occurredAt: new Date().toISOString(),
          data: {},
        }),
      );
      await expect.poll(() => seen, { timeout: 10_000 }).toEqual(['ev-1']);
    } finally {
      await follower.stop();
    }
  });

  it("refuses a subscription to another part's replies or to events directly", async () => {
    const todo = await as('todo');
    const errors: string[] = [];
    (async () => {
      for await (const status of todo.status())
        if (status.type === 'error') errors.push(String(status.error));
    })().catch(() => {});
    todo.subscribe('_INBOX_payments.>');
    todo.subscribe('payments.>');
    await todo.flush();
    await expect.poll(() => errors.join('\n'), { timeout: 5_000 }).toMatch(/permissions violation/i);
  });

  it('refuses a connection without a user', async () => {
    await expect(connect({ servers: url, timeout: 2_000, maxReconnectAttempts: 0 })).rejects.toThrow(
      /authorization/i,
    );
  });
});

describe("a service's storage user may use only its own buckets", () => {
  let server: Awaited<ReturnType<typeof startPrivateMinio>>;
  const clientOf = (service: string) => {
    const account = storageUsers.find((a) => a.accessKey === `liveedu-${service}`)!;
    const { endPoint, port, useSSL } = server.s3;
    return new Client({ endPoint, port, useSSL, accessKey: account.accessKey, secretKey: account.secretKey });
  };

  beforeAll(async () => {
    server = await startPrivateMinio({ accounts: storageUsers });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("keeps the catalog out of identity's résumés, and its signed links too", async () => {
    const identity = clientOf('identity');
    await identity.makeBucket('lp-resumes');
    await identity.putObject('lp-resumes', 'resume.pdf', Buffer.from('%PDF-1.4 private'));
    expect((await identity.statObject('lp-resumes', 'resume.pdf')).size).toBe(16);

    const catalog = clientOf('catalog');
    await catalog.makeBucket('lp-thumbnails');
    await catalog.putObject('lp-thumbnails', 'a.png', Buffer.from('png'));
    await expect(catalog.getObject('lp-resumes', 'resume.pdf')).rejects.toThrow(/Access Denied/i);
    await expect(catalog.putObject('lp-resumes', 'x.pdf', Buffer.from('x'))).rejects.toThrow(
      /Access Denied/i,
    );
    await expect(catalog.makeBucket('lp-video-uploads')).rejects.toThrow(/Access Denied/i);

    // A link the catalog signs for another's object is refused by storage; its own works.
    const forged = await catalog.presignedGetObject('lp-resumes', 'resume.pdf', 60);
    expect(new URL(forged).searchParams.get('X-Amz-Credential')).toMatch(/^liveedu-catalog\//);
    expect((await fetch(forged)).status).toBe(403);
    const own = await identity.presignedGetObject('lp-resumes', 'resume.pdf', 60);
    expect(await (await fetch(own)).text()).toBe('%PDF-1.4 private');
  });
});
