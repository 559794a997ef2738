import { buildGateway, type GatewayConfig } from '@liveedu/gateway';
import { identityService } from '@liveedu/identity';
import { todoService } from '@liveedu/todo';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callGateway, type Session, startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
let user: Session;
beforeAll(async () => {
  stack = await startTestStack({
    services: { identity: identityService, todo: todoService },
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '5', LOGIN_RATE_LIMIT_PER_USERNAME: '1000' },
  });
  // Sign-up and log-in count against this address's limit of 5 per minute, so make one user now.
  user = await stack.newUser('sec');
});
afterAll(() => stack?.close());

const localJwtSecret = 'liveedu-local-jwt-secret-change-me';

describe('authentication at the gateway', () => {
  it('answers 401 with a message for a missing, malformed, forged or expired token', async () => {
    const cases: Record<string, string | undefined> = {
      missing: undefined,
      malformed: 'Bearer not-a-jwt',
      forged: `Bearer ${createSigner({ key: 'someone-else', expiresIn: 60_000 })({ sub: user._id })}`,
      expired: `Bearer ${createSigner({ key: localJwtSecret, expiresIn: 1 })({ sub: user._id, iat: 1_600_000_000 })}`,
    };
    for (const [name, authorization] of Object.entries(cases)) {
      const headers: Record<string, string> = { id: user._id };
      if (authorization) headers.authorization = authorization;
      const response = await stack.call('GET', '/api/v1/getUserData', { headers });
      expect(response.status, name).toBe(401);
      expect(typeof (response.body as { message?: unknown }).message, name).toBe('string');
    }
    const expired = await stack.call('GET', '/api/v1/getUserData', {
      headers: { id: user._id, authorization: cases.expired as string },
    });
    expect(expired.body).toEqual({ message: 'Your session has expired, please log in again' });
  });

  it('refuses a token signed with no algorithm, or as an HS/RS confusion', async () => {
    const header = (alg: string) => Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url');
    const claims = Buffer.from(
      JSON.stringify({
        sub: user._id,
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 600,
      }),
    ).toString('base64url');
    const unsigned = `${header('none')}.${claims}.`;
    // RS256 named, but "signed" with the secret as if it were a public key: must not verify.
    const confused = createSigner({ key: localJwtSecret, algorithm: 'HS512', expiresIn: 60_000 })({
      sub: user._id,
    });
    const relabelled = `${header('RS256')}.${claims}.${createSigner({ key: localJwtSecret })({ sub: user._id }).split('.')[2]}`;
    for (const [name, token] of Object.entries({ unsigned, confused, relabelled })) {
      const response = await stack.call('GET', '/api/v1/getUserData', {
        headers: { id: user._id, authorization: `Bearer ${token}` },
      });
      expect(response.status, name).toBe(401);
      expect(response.body, name).toHaveProperty('message');
    }
  });

  it('refuses a token whose id header is missing or belongs to someone else', async () => {
    const other = await stack.login('admin', stack.env.ADMIN_PASSWORD as string);
    const missing = await stack.call('GET', '/api/v1/getUserData', {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: 'The id header is missing' });
    const mismatched = await stack.call('GET', '/api/v1/getUserData', {
      headers: { authorization: `Bearer ${user.token}`, id: other._id },
    });
    expect(mismatched.status).toBe(401);
    expect(mismatched.body).toEqual({ message: 'The id header does not match your session' });
  });

  it('ignores identity headers a client sends and a service refuses calls that bypass the gateway', async () => {
    const forged = await stack.call('GET', '/api2/v1/getAll-todos', {
      headers: { 'x-liveedu-identity': 'eyJhbGciOiJIUzI1NiJ9.e30.x' },
    });
    expect(forged.status).toBe(401);
    const todoUrl = (stack.services.todo!.app.server.address() as { port: number }).port;
    const direct = await fetch(`http://127.0.0.1:${todoUrl}/api2/v1/getAll-todos`, {
      headers: { 'x-liveedu-identity': 'eyJhbGciOiJIUzI1NiJ9.e30.x' },
    });
    expect(direct.status).toBe(401);
    expect(await direct.json()).toEqual({ message: 'Invalid identity' });
  });

  it('keeps admin calls for the admin', async () => {
    const response = await stack.call('GET', '/api/v1/count-users', { as: user });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'You are not allowed to do this' });
  });
});

describe('bad input', () => {
  it('answers a malformed JSON body with 400 and a message', async () => {
    const response = await stack.call('POST', '/api2/v1/create-todo', {
      as: user,
      raw: '{"desc": "unterminated',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('refuses NoSQL operators where a string belongs', async () => {
    const login = await stack.call('POST', '/api/v1/login', {
      body: { username: { $gt: '' }, password: { $gt: '' } },
    });
    expect(login.status).toBe(400);
    expect(login.body).toHaveProperty('message');
    expect(login.body).not.toHaveProperty('token');
    const todo = await stack.call('POST', '/api2/v1/create-todo', {
      as: user,
      body: { desc: { $ne: null } },
    });
    expect(todo.status).toBe(400);
  });

  it('answers an oversized body with 413 before it reaches a service', async () => {
    const response = await stack.call('POST', '/api2/v1/create-todo', {
      as: user,
      raw: JSON.stringify({ desc: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'The request is too large' });
  });

  it('answers unknown API paths with 404 and a message, and serves the doubled-slash path of the spec', async () => {
    const unknown = await stack.call('GET', '/api/v1/no-such-call');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toHaveProperty('message');
    const doubled = await stack.call('GET', '/api2/v1//getAll-todos', { as: user });
    expect(doubled.status).toBe(200);
  });

  it('answers a known path asked with another method with 405, naming the methods it has', async () => {
    const wrong = await stack.call('PUT', '/api/v1/get-all-category');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    expect(wrong.body).toEqual({ message: 'PUT is not allowed here; use GET or HEAD' });
    const withParam = await stack.call('POST', '/api/v1/delete-user/64d0c0de0000000000000abc');
    expect(withParam.status).toBe(405);
    expect(withParam.headers.get('allow')).toBe('DELETE');
  });

  it('sends the usual security headers on every answer', async () => {
    for (const path of ['/api/v1/get-all-category', '/api/v1/no-such-call', '/healthz']) {
      const response = await fetch(`${stack.url}${path}`);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('content-security-policy'), path).toMatch(/frame-ancestors 'none'/);
      expect(response.headers.get('strict-transport-security'), path).toMatch(/max-age=\d+/);
      expect(response.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(response.headers.get('x-powered-by'), path).toBeNull();
    }
  });

  it('answers 503 with a message for a call whose service is not running', async () => {
    const response = await stack.call('GET', '/api/v1/get-all-category');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ message: 'The catalog service is unavailable, please try again' });
  });
});

describe('rate limiting', () => {
  it('limits log-in attempts per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await stack.call('POST', '/api/v1/login', {
        body: { username: 'nobody', password: 'guess' },
      });
      statuses.push(response.status);
    }
    expect(statuses).toContain(429);
    const limited = await stack.call('POST', '/api/v1/login', {
      body: { username: 'nobody', password: 'guess' },
    });
    expect(limited.status).toBe(429);
    expect((limited.body as { message: string }).message).toMatch(/Too many attempts/);
    // Answered at once with when to come back, so a client (or a fuzzer) waits instead of stalling.
    // Each attempt past the limit holds the address back longer (a minute, then two, …, at most 15).
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });
});

describe('the client address behind proxies', () => {
  /** Log-in attempts through `base`, each with its own X-Forwarded-For; the statuses. */
  async function attempts(base: string, forwardedFor: (i: number) => string, count: number) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const response = await callGateway(base, 'POST', '/api/v1/login', {
        body: { username: 'nobody', password: 'guess' },
        headers: { 'x-forwarded-for': forwardedFor(i) },
      });
      statuses.push(response.status);
    }
    return statuses;
  }

  /** A gateway beside the stack's, on the same services, with its own limits and `trusted` proxies. */
  async function gatewayTrusting(trusted: GatewayConfig['trustedProxies']) {
    const gateway = await buildGateway({
      ...stack.gatewayConfig,
      trustedProxies: trusted,
      authRateLimitPerMinute: 3,
    });
    return { gateway, url: await gateway.listen({ host: '127.0.0.1', port: 0 }) };
  }

  it('with no proxy trusted, a client rotating X-Forwarded-For is still one address', async () => {
    const { gateway, url } = await gatewayTrusting(false);
    try {
      const statuses = await attempts(url, (i) => `203.0.113.${i + 1}`, 6);
      expect(statuses.slice(3)).toEqual([429, 429, 429]);
    } finally {
      await gateway.close();
    }
  });

  it('behind one trusted proxy, the address is the one that proxy saw, whatever the client put before it', async () => {
    const { gateway, url } = await gatewayTrusting(1);
    try {
      // The proxy appends the address it got the request from; the client chose the rest.
      const rotated = await attempts(url, (i) => `198.51.100.${i + 1}, 192.0.2.10`, 6);
      expect(rotated.slice(3)).toEqual([429, 429, 429]);
      // Another client behind the same proxy has its own count.
      const other = await attempts(url, () => '192.0.2.11', 1);
      expect(other).toEqual([401]);
    } finally {
      await gateway.close();
    }
  });
});

describe('limits shared by replicas', () => {
  it('counts the attempts made through two gateway replicas as one', async () => {
    const replicas = await Promise.all(
      [1, 2].map(async () => {
        const gateway = await buildGateway({
          ...stack.gatewayConfig,
          trustedProxies: 1,
          authRateLimitPerMinute: 3,
        });
        return { gateway, url: await gateway.listen({ host: '127.0.0.1', port: 0 }) };
      }),
    );
    try {
      const client = '198.51.100.77';
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await callGateway(replicas[i % 2]!.url, 'POST', '/api/v1/login', {
          body: { username: 'nobody', password: 'guess' },
          headers: { 'x-forwarded-for': client },
        });
        statuses.push(response.status);
      }
      // Three each would pass two replicas that counted alone; together the fourth is refused.
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    } finally {
      await Promise.all(replicas.map((r) => r.gateway.close()));
    }
  });
});

describe('documentation and health', () => {
  it('gathers the services’ OpenAPI documents at /api/docs', async () => {
    const docs = await stack.call<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/docs');
    expect(docs.status).toBe(200);
    expect(docs.body.paths['/api/v1/login']).toHaveProperty('post');
    expect(docs.body.paths['/api2/v1/delete-todo/{id}']).toHaveProperty('delete');
    expect(Object.keys(docs.body.paths).some((path) => path.startsWith('/internal'))).toBe(false);
  });

  it('exposes health, readiness and Prometheus metrics', async () => {
    expect((await stack.call('GET', '/healthz')).status).toBe(200);
    expect((await stack.call('GET', '/readyz')).status).toBe(200);
    const metrics = await fetch(`${stack.url}/metrics`);
    const text = await metrics.text();
    expect(text).toMatch(/http_requests_total\{[^}]*route="\/api2\/v1\/getAll-todos"/);
  });
});
