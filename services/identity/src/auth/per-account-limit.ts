import type { RateLimitOptions } from '@fastify/rate-limit';

/**
 * A route's rate limit per account rather than per address (the gateway limits addresses): the
 * key is one field of the body, normalised as the account is looked up, so that the same
 * account under another spelling shares the count. The 429 says how long to wait.
 */
export function perAccountLimit(opts: {
  max: number;
  timeWindow: '1 minute' | '1 hour';
  /** The body field naming the account, or `caller` for the signed-in user. */
  field: string;
  normalise: (value: string) => string;
  tooMany: string;
}): { config: { rateLimit: RateLimitOptions } } {
  const unit =
    opts.timeWindow === '1 minute' ? { ms: 1000, name: 'seconds' } : { ms: 60_000, name: 'minutes' };
  return {
    config: {
      rateLimit: {
        max: opts.max,
        timeWindow: opts.timeWindow,
        keyGenerator: (request) => {
          const value =
            opts.field === 'caller'
              ? request.identity?.userId
              : (request.body as Record<string, unknown> | undefined)?.[opts.field];
          return `${opts.field}:${opts.normalise(String(value ?? ''))}`;
        },
        errorResponseBuilder: (_request, context) => ({
          statusCode: 429,
          message: `${opts.tooMany} Try again in ${Math.ceil(context.ttl / unit.ms)} ${unit.name}.`,
        }),
      },
    },
  };
}
