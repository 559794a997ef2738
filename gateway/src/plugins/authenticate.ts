import { type CallerIdentity, type Role, SESSION_ENDED_MESSAGE, SESSION_ID } from '@liveedu/contracts';
import { HttpError, unauthorized } from '@liveedu/service-kit';
import type { FastifyRequest } from 'fastify';
import type { AccessCache } from '../access-cache.ts';
import type { RouteEntry } from '../route-table.ts';

const ROLE_RANK: Record<Role, number> = { student: 1, tutor: 2, admin: 3 };

/** Whether a role may make a call of the given access. */
export function allowed(access: RouteEntry['access'], role: Role): boolean {
  if (access === 'admin') return role === 'admin';
  if (access === 'tutor') return role === 'tutor';
  return ROLE_RANK[role] > 0;
}

/**
 * Who is calling: the bearer token's user, if the token verifies, carries the matching `id`
 * header and names a log-in session identity still stands by (asked through the access cache).
 * A call that needs a user gets a 401 saying what is wrong; a public call with a bad or ended
 * token is answered as a visitor's (null).
 */
export function createAuthenticator(cache: AccessCache) {
  return async function authenticate(
    request: FastifyRequest,
    required: boolean,
  ): Promise<CallerIdentity | null> {
    const header = request.headers.authorization;
    if (!header) {
      if (required) throw unauthorized('Please log in to continue');
      return null;
    }
    let claims: { sub?: unknown; sid?: unknown; tv?: unknown; iat?: unknown };
    try {
      claims = await request.jwtVerify<{ sub?: unknown; sid?: unknown; tv?: unknown; iat?: unknown }>();
    } catch (error) {
      if (!required) return null;
      const expired = (error as { code?: string }).code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED';
      throw unauthorized(
        expired ? 'Your session has expired, please log in again' : 'Invalid token, please log in again',
      );
    }
    if (typeof claims.sub !== 'string' || !/^[0-9a-f]{24}$/i.test(claims.sub)) {
      if (!required) return null;
      throw unauthorized('Invalid token, please log in again');
    }
    const idHeader = request.headers.id;
    if (idHeader !== claims.sub) {
      if (!required) return null;
      throw unauthorized(idHeader ? 'The id header does not match your session' : 'The id header is missing');
    }
    // A token names its log-in session; identity says whether it still stands.
    const session =
      typeof claims.sid === 'string' &&
      SESSION_ID.test(claims.sid) &&
      Number.isSafeInteger(claims.tv) &&
      (claims.tv as number) >= 0
        ? { sid: claims.sid, tv: claims.tv as number }
        : undefined;
    if (!session) {
      if (!required) return null;
      throw unauthorized(SESSION_ENDED_MESSAGE);
    }
    let identity: CallerIdentity;
    try {
      identity = await cache.access(claims.sub, request.id, session);
    } catch (error) {
      // A public call with an ended session's token is answered as a visitor's.
      if (!required && error instanceof HttpError && error.statusCode === 401) return null;
      throw error;
    }
    // When the password was typed: services ask for it again past a while (money moves).
    return typeof claims.iat === 'number' ? { ...identity, loggedInAt: claims.iat } : identity;
  };
}
