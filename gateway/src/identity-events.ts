import { IDENTITY_USER_DELETED, IDENTITY_USER_SIGNED_OUT, IDENTITY_USER_UPDATED } from '@liveedu/contracts';
import { type EventFollower, followEvents } from '@liveedu/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessCache } from './access-cache.ts';

/**
 * Follows identity's `identity.user.updated`, `identity.user.deleted` and
 * `identity.user.signedout` and drops the user's cached access on each. The cache is trusted
 * (`live`) only while those events can reach it, and emptied whenever some may have gone by unseen.
 */
export function followIdentityEvents(opts: {
  natsUrl: string;
  prefix: string;
  cache: AccessCache;
  /** Also told of every change, for what else the gateway derives from users. */
  onUserChanged?: () => void;
  log: FastifyBaseLogger;
}): EventFollower {
  const cache = opts.cache;
  return followEvents({
    natsUrl: opts.natsUrl,
    prefix: opts.prefix,
    owner: 'identity',
    types: [IDENTITY_USER_UPDATED, IDENTITY_USER_DELETED, IDENTITY_USER_SIGNED_OUT],
    // registrations pass this filter too and are skipped: nothing is cached for a new user
    filter: 'identity.user.*',
    name: 'gateway',
    log: opts.log,
    onEvent(event) {
      const userId = (event.data as { userId?: unknown } | null)?.userId;
      // An event that does not say whom it is about could be about anyone.
      if (typeof userId === 'string') cache.invalidate(userId);
      else cache.clear();
      opts.onUserChanged?.();
    },
    onGap: () => {
      cache.clear();
      opts.onUserChanged?.();
    },
    onLive(live) {
      cache.live = live;
    },
  });
}
