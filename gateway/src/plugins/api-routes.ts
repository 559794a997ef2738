import jwt from '@fastify/jwt';
import rateLimit from '@fastify/rate-limit';
import { forbidden, HttpError, sharedRateLimits } from '@liveedu/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessCache } from '../access-cache.ts';
import type { GatewayConfig } from '../config.ts';
import { MAX_PATH_SEGMENT } from '../gateway-answers.ts';
import type { PublicCache } from '../public-cache.ts';
import { type RouteEntry, routeTable } from '../route-table.ts';
import { allowed, createAuthenticator } from './authenticate.ts';
import { createForwarder } from './forward.ts';
import { methodNotAllowed, staticPathMethods, unknownRoutes } from './unknown-routes.ts';

const TOO_LONG = 'A part of this address is too long';

/** A per-address limit: log-in and the like, or public look-ups such as a coupon code's check. */
function rateLimitOf(limit: NonNullable<RouteEntry['limit']>, config: GatewayConfig) {
  return {
    max: limit === 'auth' ? config.authRateLimitPerMinute : config.lookupRateLimitPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => ({
      statusCode: 429,
      message: `Too many ${limit === 'auth' ? 'attempts' : 'requests'} from your address. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  };
}

/** Body limits and, for log-in and the like, the per-address rate limit of a routed call. */
function limitsOf(entry: RouteEntry, config: GatewayConfig) {
  const bodyLimit =
    entry.upload === undefined
      ? config.jsonBodyLimit
      : Math.max(config.uploadBodyLimit, (entry.uploadMb ?? 0) * 1024 * 1024);
  return {
    bodyLimit,
    ...(entry.limit === undefined ? {} : { config: { rateLimit: rateLimitOf(entry.limit, config) } }),
    async onRequest(request: FastifyRequest) {
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > bodyLimit) throw new HttpError(413, 'The request is too large');
    },
  };
}

/**
 * The API as the route table lists it: each call authenticated (a token and its session),
 * authorised by its access, and forwarded to its service; anything else answered here.
 */
export async function apiRoutes(
  app: FastifyInstance,
  config: GatewayConfig,
  cache: AccessCache,
  publicCache: PublicCache,
): Promise<void> {
  await app.register(jwt, { secret: config.jwtSecret, verify: { algorithms: ['HS256'] } });
  // Counted in NATS, so every replica of the gateway counts the same attempts.
  const limits = sharedRateLimits({
    natsUrl: config.natsUrl,
    prefix: config.eventPrefix,
    name: 'gateway',
    log: app.log,
  });
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, { global: false, store: limits.Store });

  // The gateway streams bodies through untouched; each service parses and validates its own.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const authenticate = createAuthenticator(cache);
  // Event streams never end by themselves: closing ends them, rather than waiting for their clients.
  const liveStreams = new Set<{ destroy(): void }>();
  app.addHook('preClose', async () => {
    for (const stream of liveStreams) stream.destroy();
  });
  const forward = createForwarder({ internalSecret: config.internalSecret, cache, publicCache, liveStreams });

  const shadowed = staticPathMethods(routeTable);
  for (const entry of routeTable) {
    const upstream = config.services[entry.service];
    app.route({
      method: entry.method,
      url: entry.path,
      ...limitsOf(entry, config),
      async handler(request, reply) {
        const listed = entry.path.includes(':') ? shadowed(request.url, request.method) : null;
        if (listed) return methodNotAllowed(reply, request.method, listed);
        const segments = Object.values(request.params as Record<string, string>);
        if (segments.some((segment) => segment.length > MAX_PATH_SEGMENT)) {
          throw new HttpError(400, TOO_LONG);
        }
        // A webhook's Authorization is its sender's signature, for its service to check.
        const identity = entry.signedByAuthorization
          ? null
          : await authenticate(request, entry.access !== 'public');
        if (identity && !allowed(entry.access === 'public' ? 'user' : entry.access, identity.role)) {
          throw forbidden();
        }
        if (!upstream) {
          throw new HttpError(503, `The ${entry.service} service is unavailable, please try again`);
        }
        return forward(request, reply, { entry, upstream, identity });
      },
    });
  }

  unknownRoutes(app);
}
