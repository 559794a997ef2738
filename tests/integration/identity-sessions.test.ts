import { createHash } from 'node:crypto';
import type { ResponseOf } from '@liveedu/api-client';
import { identityService } from '@liveedu/identity';
import { todoService } from '@liveedu/todo';
import { createSigner } from 'fast-jwt';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReplicatedStack, startReplicatedStack, untilCached, within } from '../support/gateways.ts';
import { type ApiResponse, callGateway, type Session } from '../support/stack.ts';

// A token belongs to a log-in session; ending the session ends the token on every gateway
// replica within a second (identity's `identity.user.signedout` event empties their caches).

const ENDED = { message: 'Your session has ended, please log in again' };
type Sessions = ResponseOf<'/api/v1/sessions', 'get'>;

/** The stack; `a` is its gateway and `b` a second replica beside it. */
let stack: ReplicatedStack;
let a: string;
let b: string;

beforeAll(async () => {
  stack = await startReplicatedStack({
    services: { identity: identityService, todo: todoService },
    env: { CHANGE_PASSWORD_RATE_LIMIT_PER_USER: '3', LOGIN_RATE_LIMIT_PER_USERNAME: '100' },
  });
  ({ a, b } = stack);
});
afterAll(() => stack?.close());

const todos = (base: string, as: Session) => callGateway(base, 'GET', '/api2/v1/getAll-todos', { as });

/** A second log-in of the same account, from another device. */
async function logInAgain(user: Session, device = 'Second device'): Promise<Session> {
  const response = await callGateway<{ _id: string; token: string }>(a, 'POST', '/api/v1/login', {
    body: { username: user.username, password: user.password },
    headers: { 'user-agent': device },
  });
  expect(response.status).toBe(200);
  return { ...user, token: response.body.token };
}

/** Both sessions answered from the other replica's cache, so the test shows the cache emptied. */
async function cachedOnB(...sessions: Session[]) {
  for (const session of sessions) {
    const answer = await untilCached(stack.services.identity, () => todos(b, session));
    expect(answer.status).toBe(200);
  }
}

/** A new user logged in on two devices, both sessions cached on replica B. */
async function twoCachedSessions(prefix: string): Promise<[Session, Session]> {
  const user = await stack.newUser(prefix);
  const other = await logInAgain(user);
  await cachedOnB(user, other);
  return [user, other];
}

/** A password change asked with `currPass` as the current password. */
const changePassword = (as: Session, currPass: string) =>
  callGateway(a, 'PUT', '/api/v1/change-password', {
    as,
    body: { currPass, newPass: 'a new long password', confirmNewPass: 'a new long password' },
  });

/** The session's calls are refused on replica B within a second, with the session-ended answer. */
async function deadWithinASecond(session: Session) {
  const { response, elapsed } = await within(
    1000,
    () => todos(b, session),
    (r: ApiResponse) => r.status === 401,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(401);
  expect(response.body).toEqual(ENDED);
  expect(elapsed).toBeLessThanOrEqual(1000);
  expect((await todos(a, session)).body).toEqual(ENDED);
}

describe('log-in sessions', () => {
  it('logs one account in from many devices at once, each with a session of its own', async () => {
    const user = await stack.newUser('many-devices');
    const logins = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        callGateway<{ token: string }>(a, 'POST', '/api/v1/login', {
          body: { username: user.username, password: user.password },
          headers: { 'user-agent': `Device ${i}` },
        }),
      ),
    );
    expect(logins.map((login) => login.status)).toEqual(logins.map(() => 200));
    expect(new Set(logins.map((login) => login.body.token)).size).toBe(24);
  });

  it('lists the devices logged in, newest first, marking the current one', async () => {
    const user = await stack.newUser('lister');
    const second = await logInAgain(user, 'Phone browser');
    const listed = await callGateway<Sessions>(a, 'GET', '/api/v1/sessions', { as: second });
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(2);
    expect(listed.body.sessions[0]).toMatchObject({ device: 'Phone browser', current: true });
    expect(listed.body.sessions[1]).toMatchObject({ current: false });
    for (const session of listed.body.sessions) {
      expect(session.sid).toMatch(/^[0-9a-f]{32}$/);
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt));
    }
  });

  it('log-out ends this session on every replica within a second, and only this one', async () => {
    const [user, other] = await twoCachedSessions('logout');
    const out = await callGateway(a, 'POST', '/api/v1/logout', { as: user });
    expect(out).toMatchObject({ status: 200, body: { message: 'Logged out successfully' } });
    await deadWithinASecond(user);
    expect((await todos(b, other)).status).toBe(200);
    // A public call sent with the ended session's token is answered as a visitor's.
    const publicCall = await callGateway(b, 'POST', '/api/v1/forgot-password', {
      as: user,
      body: { email: user.email },
    });
    expect(publicCall.status).toBe(200);
  });

  it('log-out everywhere ends every session within a second', async () => {
    const [user, other] = await twoCachedSessions('everywhere');
    const out = await callGateway(a, 'POST', '/api/v1/logout-all', { as: other });
    expect(out).toMatchObject({ status: 200, body: { message: 'Logged out on every device' } });
    await deadWithinASecond(user);
    await deadWithinASecond(other);
    // Logging in again works, with a new session.
    const again = await logInAgain(user);
    expect((await todos(b, again)).status).toBe(200);
  });

  it('a password change keeps the session that made it and ends every other within a second', async () => {
    const [user, other] = await twoCachedSessions('changer');
    const changed = await changePassword(user, user.password);
    expect(changed.status).toBe(200);
    await deadWithinASecond(other);
    expect((await todos(b, user)).status).toBe(200);
  });

  it('a wrong current password changes nothing and ends no session', async () => {
    const user = await stack.newUser('wrongpass');
    const other = await logInAgain(user);
    const refused = await changePassword(user, 'not the password');
    expect(refused).toMatchObject({ status: 400, body: { message: 'Current password is incorrect' } });
    expect((await todos(b, other)).status).toBe(200);
  });

  it('limits password changes per user, so the current password cannot be guessed through it', async () => {
    const user = await stack.newUser('guesser');
    const guess = (currPass: string) => changePassword(user, currPass);
    for (const wrong of ['guess one', 'guess two', 'guess three'])
      expect((await guess(wrong)).status).toBe(400);
    const limited = await guess(user.password);
    expect(limited.status).toBe(429);
    expect((limited.body as { message: string }).message).toMatch(
      /Too many password changes for this account/,
    );
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user is not held back by it.
    const other = await stack.newUser('notheld');
    const changed = await changePassword(other, other.password);
    expect(changed.status).toBe(200);
  });

  it('a password reset ends every session within a second', async () => {
    const user = await stack.newUser('resetter');
    await cachedOnB(user);
    // A reset link as the mail carries it: the token's hash is what identity keeps.
    const token = 'r'.repeat(43);
    await stack.services.identity?.app.db.collection('users').updateOne(
      { _id: new ObjectId(user._id) },
      {
        $set: {
          resetTokenHash: createHash('sha256').update(token).digest('hex'),
          resetExpiresAt: new Date(Date.now() + 60_000),
        },
      },
    );
    const reset = await callGateway(a, 'POST', `/api/v1/reset-password/${token}`, {
      body: { newPass: 'a reset long password', confirmPass: 'a reset long password' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    await deadWithinASecond(user);
  });

  it('ends one session from the list; another user’s session id is not found', async () => {
    const user = await stack.newUser('ender');
    const other = await logInAgain(user);
    await cachedOnB(other);
    const listed = await callGateway<Sessions>(a, 'GET', '/api/v1/sessions', { as: user });
    const otherSid = listed.body.sessions.find((s) => !s.current)?.sid as string;

    const stranger = await stack.newUser('stranger');
    const probe = await callGateway(a, 'DELETE', `/api/v1/sessions/${otherSid}`, { as: stranger });
    expect(probe).toMatchObject({ status: 404, body: { message: 'Session not found' } });
    expect((await todos(b, other)).status).toBe(200);

    const ended = await callGateway(a, 'DELETE', `/api/v1/sessions/${otherSid}`, { as: user });
    expect(ended).toMatchObject({ status: 200, body: { message: 'The session was ended' } });
    await deadWithinASecond(other);
    expect((await todos(a, user)).status).toBe(200);
    const after = await callGateway<Sessions>(a, 'GET', '/api/v1/sessions', { as: user });
    expect(after.body.sessions.map((s) => s.sid)).not.toContain(otherSid);
  });

  it('refuses a token that names no session, even one signed with the right secret', async () => {
    const user = await stack.newUser('nosid');
    const legacy = createSigner({ key: stack.gatewayConfig.jwtSecret, expiresIn: 60_000 })({ sub: user._id });
    const answer = await callGateway(a, 'GET', '/api2/v1/getAll-todos', {
      headers: { authorization: `Bearer ${legacy}`, id: user._id },
    });
    expect(answer).toMatchObject({ status: 401, body: ENDED });
  });
});
