import { createServer, type Server, type Socket } from 'node:net';
import { buildGateway } from '@liveedu/gateway';
import { identityService } from '@liveedu/identity';
import { paymentsService } from '@liveedu/payments';
import { todoService } from '@liveedu/todo';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lookupsSettled,
  type ReplicatedStack,
  startReplicatedStack,
  untilCached,
  waitLive,
  within,
} from '../support/gateways.ts';
import { stackOnPrivateNats } from '../support/private-servers.ts';
import { callGateway, type Session } from '../support/stack.ts';

const UNAVAILABLE = { message: 'The identity service is unavailable, please try again' };
const GONE = { message: 'Your account no longer exists' };

describe('role checks from the cache, two gateway replicas', () => {
  /** `a` is the stack's gateway, whose cache the tests look at, and `b` a second one beside it. */
  let stack: ReplicatedStack;
  let a: string;
  let b: string;
  let admin: Session;

  beforeAll(async () => {
    stack = await startReplicatedStack({
      services: { identity: identityService, todo: todoService, payments: paymentsService },
    });
    ({ a, b } = stack);
    admin = await stack.loginAdmin();
  });
  afterAll(() => stack?.close());

  it("answers a user's second call without asking identity", async () => {
    const identity = stack.services.identity;
    const user = await stack.newUser('cached');
    const before = await lookupsSettled(identity);
    expect((await callGateway(a, 'GET', '/api2/v1/getAll-todos', { as: user })).status).toBe(200);
    expect(await lookupsSettled(identity)).toBe(before + 1);
    for (let i = 0; i < 3; i += 1) {
      expect((await callGateway(a, 'GET', '/api2/v1/getAll-todos', { as: user })).status).toBe(200);
    }
    expect(await lookupsSettled(identity)).toBe(before + 1);
    // The other replica keeps its own cache.
    expect((await callGateway(b, 'GET', '/api2/v1/getAll-todos', { as: user })).status).toBe(200);
    expect(await lookupsSettled(identity)).toBe(before + 2);
  });

  it('a tutor approval made through another replica applies here within a second', async () => {
    const identity = stack.services.identity;
    const user = await stack.newUser('approved');
    const applied = await callGateway(a, 'POST', '/api/v1/tutor-request-ytlink', {
      as: user,
      body: { ytLink: 'https://youtu.be/cache' },
    });
    expect(applied.status).toBe(201);
    const student = await untilCached(identity, () =>
      callGateway(a, 'GET', '/api/v1/payment-history', { as: user }),
    );
    expect(student.status).toBe(403);

    const accepted = await callGateway(b, 'PUT', '/api/v1/acceptTutorRequest', {
      as: admin,
      body: { option: 'accept', id: user._id },
    });
    expect(accepted.status).toBe(200);
    const { response, elapsed } = await within(
      1000,
      () => callGateway(a, 'GET', '/api/v1/payment-history', { as: user }),
      (r) => r.status === 200,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ data: [] });
    expect(elapsed).toBeLessThanOrEqual(1000);
  });

  it('a deletion made through another replica locks the user out here within a second', async () => {
    const identity = stack.services.identity;
    const user = await stack.newUser('deleted');
    const cached = await untilCached(identity, () =>
      callGateway(a, 'GET', '/api2/v1/getAll-todos', { as: user }),
    );
    expect(cached.status).toBe(200);

    const deleted = await callGateway(b, 'DELETE', `/api/v1/delete-user/${user._id}`, { as: admin });
    expect(deleted.status).toBe(200);
    const { response, elapsed } = await within(
      1000,
      () => callGateway(a, 'GET', '/api2/v1/getAll-todos', { as: user }),
      (r) => r.status === 401,
    );
    expect(response.status).toBe(401);
    expect(response.body).toEqual(GONE);
    expect(elapsed).toBeLessThanOrEqual(1000);
  });

  it('a change made through this replica applies to its very next call', async () => {
    const user = await stack.newUser('sameReplica');
    await callGateway(a, 'POST', '/api/v1/tutor-request-ytlink', {
      as: user,
      body: { ytLink: 'https://youtu.be/same' },
    });
    expect((await callGateway(a, 'GET', '/api/v1/payment-history', { as: user })).status).toBe(403);
    const accepted = await callGateway(a, 'PUT', '/api/v1/acceptTutorRequest', {
      as: admin,
      body: { option: 'accept', id: user._id },
    });
    expect(accepted.status).toBe(200);
    expect((await callGateway(a, 'GET', '/api/v1/payment-history', { as: user })).status).toBe(200);
  });

  it('answers 503 with a message, in bounded time, when identity accepts but never answers', async () => {
    const user = await stack.newUser('hung');
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => {
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const config = stack.gatewayConfig;
    const hung = await buildGateway({
      ...config,
      services: { ...config.services, identity: `http://127.0.0.1:${port}` },
    });
    try {
      const url = await hung.listen({ host: '127.0.0.1', port: 0 });
      const started = Date.now();
      const response = await callGateway(url, 'GET', '/api2/v1/getAll-todos', { as: user });
      expect(response.status).toBe(503);
      expect(response.body).toEqual(UNAVAILABLE);
      expect(Date.now() - started).toBeLessThan(config.identityTimeoutMs + 2000);
    } finally {
      await hung.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  // Stops identity, so it runs last.
  it('with identity stopped, a cached user still gets through and an uncached one gets 503', async () => {
    const known = await stack.newUser('known');
    const stranger = await stack.newUser('stranger');
    const cached = await untilCached(stack.services.identity, () =>
      callGateway(a, 'GET', '/api2/v1/getAll-todos', { as: known }),
    );
    expect(cached.status).toBe(200);

    await stack.services.identity?.close();
    const stillIn = await callGateway(a, 'GET', '/api2/v1/getAll-todos', { as: known });
    expect(stillIn.status).toBe(200);
    expect(stillIn.body).toMatchObject({ data: [] });
    const started = Date.now();
    const refused = await callGateway(a, 'GET', '/api2/v1/getAll-todos', { as: stranger });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual(UNAVAILABLE);
    expect(Date.now() - started).toBeLessThan(stack.gatewayConfig.identityTimeoutMs + 2000);
  });
});

describe('role checks across a NATS outage', () => {
  it('asks identity at every call while events cannot arrive, and drops what it kept once they can', async () => {
    const { nats, stack } = await stackOnPrivateNats({
      services: { identity: identityService, todo: todoService },
    });
    const identity = stack.services.identity;
    const users = identity?.app.db.collection('users');
    if (!users) throw new Error('identity is not running');
    await waitLive(stack.url);
    const user = await stack.newUser('outage');
    const todos = (as: Session) => stack.call('GET', '/api2/v1/getAll-todos', { as });

    expect((await todos(user)).status).toBe(200);
    const cached = await lookupsSettled(identity);
    expect((await todos(user)).status).toBe(200);
    expect(await lookupsSettled(identity)).toBe(cached);

    await nats.halt();
    await waitLive(stack.url, false);
    const during = await lookupsSettled(identity);
    expect((await todos(user)).status).toBe(200);
    expect((await todos(user)).status).toBe(200);
    expect(await lookupsSettled(identity)).toBe(during + 2);

    // Known to this gateway during the outage, then deleted with no event at all: only emptying
    // the cache once events flow again keeps the old answer from being trusted.
    const other = await stack.newUser('other');
    expect((await todos(other)).status).toBe(200);
    await users.updateOne({ _id: new ObjectId(other._id) }, { $set: { deletedAt: new Date() } });

    await nats.resume();
    await waitLive(stack.url);
    const gone = await todos(other);
    expect(gone.status).toBe(401);
    expect(gone.body).toEqual(GONE);

    const fresh = await stack.newUser('after');
    expect((await todos(fresh)).status).toBe(200);
    const after = await lookupsSettled(identity);
    expect((await todos(fresh)).status).toBe(200);
    expect(await lookupsSettled(identity)).toBe(after);
  }, 90_000);
});
