import { type CallerIdentity, IDENTITY_HEADER, type Role } from '@liveedu/contracts';
import { createSigner, createVerifier } from 'fast-jwt';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { forbidden, unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller as the gateway vouched for it; null for anonymous calls. */
    identity: CallerIdentity | null;
  }
}

const ISSUER = 'liveedu-gateway';
const AUDIENCE = 'liveedu-services';
const ROLES: readonly Role[] = ['student', 'tutor', 'admin'];

/** Used by the gateway: a short-lived token a service can check came from the gateway. */
export function createIdentitySigner(secret: string): (identity: CallerIdentity) => string {
  const sign = createSigner({
    key: secret,
    algorithm: 'HS256',
    expiresIn: 60_000,
    iss: ISSUER,
    aud: AUDIENCE,
  });
  return (identity) =>
    sign({
      sub: identity.userId,
      username: identity.username,
      role: identity.role,
      ...(identity.sessionId ? { sid: identity.sessionId } : {}),
      ...(identity.loggedInAt !== undefined ? { lat: identity.loggedInAt } : {}),
    });
}

export function createIdentityVerifier(secret: string): (token: string) => CallerIdentity {
  const verify = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    allowedAud: AUDIENCE,
    cache: 1000,
  });
  return (token) => {
    const claims = verify(token) as {
      sub?: unknown;
      username?: unknown;
      role?: unknown;
      sid?: unknown;
      lat?: unknown;
    };
    if (typeof claims.sub !== 'string' || typeof claims.username !== 'string') {
      throw new Error('identity token lacks subject or username');
    }
    if (!ROLES.includes(claims.role as Role)) throw new Error('identity token has an unknown role');
    const identity: CallerIdentity = {
      userId: claims.sub,
      username: claims.username,
      role: claims.role as Role,
    };
    if (typeof claims.sid === 'string') identity.sessionId = claims.sid;
    if (typeof claims.lat === 'number') identity.loggedInAt = claims.lat;
    return identity;
  };
}

/**
 * Reads the gateway-signed identity on every request. A missing header means an anonymous call;
 * a header that does not verify is refused outright, so a client that reaches a service
 * directly cannot claim to be anyone.
 */
export function installIdentity(app: FastifyInstance, secret: string): void {
  const verify = createIdentityVerifier(secret);
  app.decorateRequest('identity', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers[IDENTITY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string') throw unauthorized('Invalid identity');
    try {
      request.identity = verify(header);
    } catch {
      throw unauthorized('Invalid identity');
    }
  });
}

/** The caller, or 401 when the call is anonymous. */
export function caller(request: FastifyRequest): CallerIdentity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}

/** A preHandler admitting only the given roles (401 when anonymous, 403 otherwise). */
export function requireRole(...roles: Role[]): preHandlerHookHandler {
  return async (request) => {
    const who = caller(request);
    if (!roles.includes(who.role)) throw forbidden();
  };
}

/** A preHandler admitting any logged-in caller. */
export const requireUser: preHandlerHookHandler = async (request) => {
  caller(request);
};

/** Header carrying a token that proves a call comes from another part of the platform. */
export const SERVICE_TOKEN_HEADER = 'x-liveedu-service';
const INTERNAL_AUDIENCE = 'liveedu-internal';

/** Signs calls between our own processes (e.g. the gateway asking identity for a user's role). */
export function createServiceTokenSigner(secret: string, from: string): () => string {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000, aud: INTERNAL_AUDIENCE });
  let cached: { token: string; until: number } | null = null;
  return () => {
    const now = Date.now();
    if (!cached || cached.until < now)
      cached = { token: sign({ sub: `service:${from}` }), until: now + 30_000 };
    return cached.token;
  };
}

/** A preHandler for `/internal/*` routes: only our own processes may call them. */
export function requireServiceToken(secret: string): preHandlerHookHandler {
  const verify = createVerifier({ key: secret, algorithms: ['HS256'], allowedAud: INTERNAL_AUDIENCE });
  return async (request) => {
    const token = request.headers[SERVICE_TOKEN_HEADER];
    try {
      if (typeof token !== 'string') throw new Error('missing');
      const claims = verify(token) as { sub?: unknown };
      if (typeof claims.sub !== 'string' || !claims.sub.startsWith('service:'))
        throw new Error('bad subject');
    } catch {
      throw forbidden('Internal route');
    }
  };
}
