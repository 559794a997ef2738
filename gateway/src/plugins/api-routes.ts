import jwt from '@fastify/jwt';
import rateLimit from '@fastify/rate-limit';
import {
  type CallerIdentity,
  IDENTITY_HEADER,
  REQUEST_ID_HEADER,
  type Role,
  SESSION_ENDED_MESSAGE,
  SESSION_ID,
} from '@liveedu/contracts';
import {
  createIdentitySigner,
  forbidden,
  HttpError,
  SERVICE_TOKEN_HEADER,
  sharedRateLimits,
  unauthorized,
} from '@liveedu/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessCache } from '../access-cache.ts';
import type { GatewayConfig } from '../config.ts';
import { MAX_PATH_SEGMENT } from '../gateway-answers.ts';
import { notModified, type PublicCache, sharedMaxAgeMs } from '../public-cache.ts';
import { type RouteEntry, routeTable } from '../route-table.ts';

/** Headers only the gateway may set; whatever a client sends under these names is dropped. */
const TRUSTED_HEADERS = [IDENTITY_HEADER, SERVICE_TOKEN_HEADER, 'authorization', 'id'];

const ROLE_RANK: Record<Role, number> = { student: 1, tutor: 2, admin: 3 };
/** A session id as identity makes them (128 random bits, hex). */

function allowed(access: RouteEntry['access'], role: Role): boolean {
  if (access === 'admin') return role === 'admin';
  if (access === 'tutor') return role === 'tutor';
  return ROLE_RANK[role] > 0;
}

export async function apiRoutes(
  app: FastifyInstance,
  config: GatewayConfig,
  cache: AccessCache,
  publicCache: PublicCache,
): Promise<void> {
  const signIdentity = createIdentitySigner(config.internalSecret);
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

  async function authenticate(request: FastifyRequest, required: boolean): Promise<CallerIdentity | null> {
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
  }

  for (const entry of routeTable) {
    const upstream = config.services[entry.service];
    const changesAccess = entry.service === 'identity' && entry.method !== 'GET';
    // A write through this gateway forgets the cached public answers at once (other replicas
    // hear of it by the catalog's events), so its caller and everyone after read the change.
    const changesPublicData = !entry.private && entry.method !== 'GET';
    app.route({
      method: entry.method,
      url: entry.path,
      bodyLimit: entry.upload ? config.uploadBodyLimit : config.jsonBodyLimit,
      ...(entry.limit === 'auth'
        ? {
            config: {
              rateLimit: {
                max: config.authRateLimitPerMinute,
                timeWindow: '1 minute',
                errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => ({
                  statusCode: 429,
                  message: `Too many attempts from your address. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
                }),
              },
            },
          }
        : {}),
      async onRequest(request) {
        const length = Number(request.headers['content-length'] ?? 0);
        const limit = entry.upload ? config.uploadBodyLimit : config.jsonBodyLimit;
        if (length > limit) throw new HttpError(413, 'The request is too large');
      },
      async handler(request, reply) {
        const segments = Object.values(request.params as Record<string, string>);
        if (segments.some((segment) => segment.length > MAX_PATH_SEGMENT)) {
          throw badRequestTooLong();
        }
        const identity = await authenticate(request, entry.access !== 'public');
        if (identity && !allowed(entry.access === 'public' ? 'user' : entry.access, identity.role)) {
          throw forbidden();
        }
        if (!upstream) {
          throw new HttpError(503, `The ${entry.service} service is unavailable, please try again`);
        }
        const path = request.url.replace(/^[^?]*/, (p) => p.replace(/\/{2,}/g, '/'));
        // Anonymous public reads may be answered from the shared cache, as their service allows.
        const shared = entry.method === 'GET' && entry.access === 'public' && !request.headers.authorization;
        if (shared) {
          const cached = publicCache.get(path);
          if (cached) {
            reply.headers(cached.headers).header('x-cache', 'hit');
            if (notModified(request.headers['if-none-match'], cached.etag)) {
              return reply.status(304).send();
            }
            return reply.status(cached.status).send(cached.body);
          }
        }
        const generation = publicCache.current;
        return reply.from(`${upstream}${path}`, {
          // A service's 503 (its database is away, say) is its answer and reaches the client at
          // once: by default a GET answered 503 is asked again up to ten times meanwhile.
          retryDelay: () => null,
          rewriteRequestHeaders(_original, headers) {
            const out: Record<string, string | string[] | undefined> = { ...headers };
            for (const name of TRUSTED_HEADERS) delete out[name];
            out[REQUEST_ID_HEADER] = request.id;
            if (identity) out[IDENTITY_HEADER] = signIdentity(identity);
            return out as typeof headers;
          },
          onResponse(_request, upstreamReply, response) {
            // The event will tell every replica; this one applies its own caller's change before
            // answering, so the next call of the same client already sees it.
            if (changesAccess && identity && response.statusCode < 400) {
              if (identity.role === 'admin') cache.clear();
              else cache.invalidate(identity.userId);
            }
            if (changesPublicData && response.statusCode < 400) publicCache.clear();
            const cacheable =
              shared &&
              response.statusCode === 200 &&
              sharedMaxAgeMs(headerOf(upstreamReply.getHeader('cache-control'))) > 0;
            if (!cacheable) {
              upstreamReply.send(response.stream);
              return;
            }
            void readAll(response.stream).then(
              (body) => {
                publicCache.store(path, generation, response.statusCode, upstreamReply.getHeaders(), body);
                upstreamReply.header('x-cache', 'miss').send(body);
              },
              (error: unknown) => upstreamReply.send(error),
            );
          },
          onError(errorReply, { error }) {
            request.log.warn({ err: error, service: entry.service }, 'upstream failed');
            errorReply
              .status(503)
              .send({ message: `The ${entry.service} service is unavailable, please try again` });
          },
        });
      },
    });
  }

  // A known path asked with another method: 405, naming the methods it has. Anything else under
  // the API prefixes is not part of the contract.
  const methodsOf = methodsByPath(routeTable);
  // Answered in onRequest, before any body is read: a method with a body but no content type
  // (QUERY, say) must still get its 405, not the body parser's complaint.
  for (const prefix of ['/api', '/api2', '/media']) {
    app.all(
      `${prefix}/*`,
      {
        async onRequest(request, reply) {
          const path = request.url.split('?')[0]!.replace(/\/{2,}/g, '/');
          const methods = methodsOf.find((entry) => entry.pattern.test(path))?.methods;
          if (methods?.includes(request.method)) {
            // A known call the router would not take: a path segment over its length limit.
            return reply.status(400).send({ message: 'A part of this address is too long' });
          }
          if (methods) {
            return reply
              .status(405)
              .header('allow', methods.join(', '))
              .send({ message: `${request.method} is not allowed here; use ${methods.join(' or ')}` });
          }
          return reply
            .status(404)
            .send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
        },
      },
      async () => undefined,
    );
  }
}

const TOO_LONG = 'A part of this address is too long';
const badRequestTooLong = () => new HttpError(400, TOO_LONG);

/** Each routed path as a pattern, with the methods it answers (HEAD with GET, as Fastify does). */
function methodsByPath(table: readonly RouteEntry[]): Array<{ pattern: RegExp; methods: string[] }> {
  const byPath = new Map<string, Set<string>>();
  for (const entry of table) {
    const methods = byPath.get(entry.path) ?? new Set<string>();
    methods.add(entry.method);
    if (entry.method === 'GET') methods.add('HEAD');
    byPath.set(entry.path, methods);
  }
  return [...byPath].map(([path, methods]) => ({
    pattern: new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
    methods: [...methods].sort(),
  }));
}

function headerOf(value: string | string[] | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}
