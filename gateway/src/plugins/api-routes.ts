import jwt from '@fastify/jwt';
import rateLimit from '@fastify/rate-limit';
import { type CallerIdentity, IDENTITY_HEADER, REQUEST_ID_HEADER, type Role } from '@liveedu/contracts';
import {
  createIdentitySigner,
  createServiceTokenSigner,
  forbidden,
  HttpError,
  SERVICE_TOKEN_HEADER,
  unauthorized,
} from '@liveedu/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.ts';
import { type RouteEntry, routeTable } from '../route-table.ts';

/** Headers only the gateway may set; whatever a client sends under these names is dropped. */
const TRUSTED_HEADERS = [IDENTITY_HEADER, SERVICE_TOKEN_HEADER, 'authorization', 'id'];

const ROLE_RANK: Record<Role, number> = { student: 1, tutor: 2, admin: 3 };

function allowed(access: RouteEntry['access'], role: Role): boolean {
  if (access === 'admin') return role === 'admin';
  if (access === 'tutor') return role === 'tutor';
  return ROLE_RANK[role] > 0;
}

export async function apiRoutes(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  const signIdentity = createIdentitySigner(config.internalSecret);
  const serviceToken = createServiceTokenSigner(config.internalSecret, 'gateway');
  await app.register(jwt, { secret: config.jwtSecret, verify: { algorithms: ['HS256'] } });
  await app.register(rateLimit, { global: false });

  // The gateway streams bodies through untouched; each service parses and validates its own.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  /** The user's current role, read from identity at each call so changes apply at once. */
  async function currentAccess(userId: string, requestId: string): Promise<CallerIdentity> {
    const identityUrl = config.services.identity;
    if (!identityUrl) throw new HttpError(503, 'The identity service is unavailable, please try again');
    let response: Response;
    try {
      response = await fetch(`${identityUrl}/internal/users/${encodeURIComponent(userId)}/access`, {
        headers: { [SERVICE_TOKEN_HEADER]: serviceToken(), [REQUEST_ID_HEADER]: requestId },
        signal: AbortSignal.timeout(5000),
      });
    } catch {
      throw new HttpError(503, 'The identity service is unavailable, please try again');
    }
    if (response.status === 404 || response.status === 400)
      throw unauthorized('Your account no longer exists');
    if (!response.ok) throw new HttpError(503, 'The identity service is unavailable, please try again');
    const body = (await response.json()) as { userId: string; username: string; role: Role };
    return { userId: body.userId, username: body.username, role: body.role };
  }

  async function authenticate(request: FastifyRequest, required: boolean): Promise<CallerIdentity | null> {
    const header = request.headers.authorization;
    if (!header) {
      if (required) throw unauthorized('Please log in to continue');
      return null;
    }
    let claims: { sub?: unknown };
    try {
      claims = await request.jwtVerify<{ sub?: unknown }>();
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
    return currentAccess(claims.sub, request.id);
  }

  for (const entry of routeTable) {
    const upstream = config.services[entry.service];
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
        const identity = await authenticate(request, entry.access !== 'public');
        if (identity && !allowed(entry.access === 'public' ? 'user' : entry.access, identity.role)) {
          throw forbidden();
        }
        if (!upstream) {
          throw new HttpError(503, `The ${entry.service} service is unavailable, please try again`);
        }
        const path = request.url.replace(/^[^?]*/, (p) => p.replace(/\/{2,}/g, '/'));
        return reply.from(`${upstream}${path}`, {
          rewriteRequestHeaders(_original, headers) {
            const out: Record<string, string | string[] | undefined> = { ...headers };
            for (const name of TRUSTED_HEADERS) delete out[name];
            out[REQUEST_ID_HEADER] = request.id;
            if (identity) out[IDENTITY_HEADER] = signIdentity(identity);
            return out as typeof headers;
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

  // Anything else under the API prefixes is not part of the contract.
  for (const prefix of ['/api', '/api2']) {
    app.all(`${prefix}/*`, async (request, reply) =>
      reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` }),
    );
  }
}
