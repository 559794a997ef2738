import { type CallerIdentity, REQUEST_ID_HEADER, type Role, SESSION_ENDED_MESSAGE } from '@liveedu/contracts';
import {
  createServiceTokenSigner,
  HttpError,
  SERVICE_TOKEN_HEADER,
  unauthorized,
} from '@liveedu/service-kit';
import type { TokenSession } from './access-cache.ts';
import type { GatewayConfig } from './config.ts';

const ROLES: readonly string[] = ['student', 'tutor', 'admin'] satisfies Role[];

const unavailable = () => new HttpError(503, 'The identity service is unavailable, please try again');

/**
 * Asks identity for a user's current role, and whether the token's session still stands. Any
 * failure to get a usable answer in time is a 503, never a 500 or a wait without end; only
 * identity saying the user is gone or the session ended is a 401.
 */
export function identityAccessLoader(
  config: GatewayConfig,
): (userId: string, requestId: string, session?: TokenSession) => Promise<CallerIdentity> {
  const serviceToken = createServiceTokenSigner(config.internalSecret, 'gateway');
  return async (userId, requestId, session) => {
    const identityUrl = config.services.identity;
    if (!identityUrl) throw unavailable();
    // Every token names its session; one that does not has none that stands.
    if (!session) throw unauthorized(SESSION_ENDED_MESSAGE);
    const query = `?sid=${encodeURIComponent(session.sid)}&tv=${session.tv}`;
    let status: number;
    let body: { userId?: unknown; username?: unknown; role?: unknown };
    try {
      // One deadline for the answer and its body alike.
      const response = await fetch(
        `${identityUrl}/internal/users/${encodeURIComponent(userId)}/access${query}`,
        {
          headers: { [SERVICE_TOKEN_HEADER]: serviceToken(), [REQUEST_ID_HEADER]: requestId },
          signal: AbortSignal.timeout(config.identityTimeoutMs),
        },
      );
      status = response.status;
      if (response.ok) {
        body = (await response.json()) as typeof body;
      } else {
        body = {};
        await response.body?.cancel();
      }
    } catch {
      throw unavailable();
    }
    if (status === 404) throw unauthorized('Your account no longer exists');
    if (status === 401 || status === 400) throw unauthorized(SESSION_ENDED_MESSAGE);
    if (status !== 200) throw unavailable();
    if (
      typeof body.userId !== 'string' ||
      typeof body.username !== 'string' ||
      typeof body.role !== 'string' ||
      !ROLES.includes(body.role)
    ) {
      throw unavailable();
    }
    return { userId: body.userId, username: body.username, role: body.role as Role, sessionId: session.sid };
  };
}
