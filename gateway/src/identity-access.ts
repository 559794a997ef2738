import { type CallerIdentity, IDENTITY_INTERNAL, SESSION_ENDED_MESSAGE } from '@liveedu/contracts';
import { internalClient, unauthorized } from '@liveedu/service-kit';
import type { TokenSession } from './access-cache.ts';
import type { GatewayConfig } from './config.ts';

/**
 * Asks identity for a user's current role, and whether the token's session still stands. Any
 * failure to get a usable answer in time is a 503, never a 500 or a wait without end; only
 * identity saying the user is gone or the session ended is a 401.
 */
export function identityAccessLoader(
  config: GatewayConfig,
): (userId: string, requestId: string, session?: TokenSession) => Promise<CallerIdentity> {
  const identity = internalClient(IDENTITY_INTERNAL, {
    service: 'identity',
    caller: 'gateway',
    baseUrl: config.services.identity,
    internalSecret: config.internalSecret,
    timeoutMs: config.identityTimeoutMs,
  });
  return async (userId, requestId, session) => {
    // Every token names its session; one that does not has none that stands.
    if (!session) throw unauthorized(SESSION_ENDED_MESSAGE);
    const answer = await identity.call(
      'userAccess',
      { params: { id: userId }, query: { sid: session.sid, tv: String(session.tv) } },
      requestId,
    );
    if (!answer.ok) {
      throw unauthorized(answer.status === 404 ? 'Your account no longer exists' : SESSION_ENDED_MESSAGE);
    }
    return { ...answer.body, sessionId: session.sid };
  };
}
