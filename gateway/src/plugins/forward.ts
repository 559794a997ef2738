import { type CallerIdentity, IDENTITY_HEADER, REQUEST_ID_HEADER } from '@liveedu/contracts';
import { createIdentitySigner, SERVICE_TOKEN_HEADER } from '@liveedu/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessCache } from '../access-cache.ts';
import { notModified, type PublicCache, sharedMaxAgeMs } from '../public-cache.ts';
import type { RouteEntry } from '../route-table.ts';

/** Headers only the gateway may set; whatever a client sends under these names is dropped. */
const TRUSTED_HEADERS = [IDENTITY_HEADER, SERVICE_TOKEN_HEADER, 'authorization', 'id'];

/** One authorised call on its way to its service. */
export interface Forwarded {
  entry: RouteEntry;
  /** The service's base URL. */
  upstream: string;
  identity: CallerIdentity | null;
}

/**
 * Passes authorised calls to their services with the caller's signed identity, answers anonymous
 * public reads from the shared cache when it may, keeps what the services allow it to keep, and
 * forgets cached access and public answers that a write through this gateway changes.
 */
export function createForwarder(opts: {
  internalSecret: string;
  cache: AccessCache;
  publicCache: PublicCache;
  /** Event streams passing through now, ended when the gateway closes. */
  liveStreams: Set<{ destroy(): void }>;
}) {
  const { cache, publicCache } = opts;
  const signIdentity = createIdentitySigner(opts.internalSecret);
  return async function forward(request: FastifyRequest, reply: FastifyReply, call: Forwarded) {
    const { entry, upstream, identity } = call;
    const changesAccess = entry.service === 'identity' && entry.method !== 'GET';
    // A write through this gateway forgets the cached public answers at once (other replicas
    // hear of it by the catalog's events), so its caller and everyone after read the change.
    const changesPublicData = !entry.private && entry.method !== 'GET';
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
        for (const name of TRUSTED_HEADERS) {
          if (!(name === 'authorization' && entry.signedByAuthorization)) delete out[name];
        }
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
        if (isEventStream(headerOf(upstreamReply.getHeader('content-type')))) {
          passLive(upstreamReply, response.stream, opts.liveStreams);
          return;
        }
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
  };
}

/** A response of server-sent events (a notification stream). */
const isEventStream = (contentType: string | undefined) => /^text\/event-stream\b/i.test(contentType ?? '');

/**
 * Server-sent events pass on as they come: never kept in the shared cache, compressed or held
 * back by a proxy in front. The upstream request ends when the client goes (the reply destroys
 * the stream it sends); until then the stream is remembered, so closing the gateway ends it
 * rather than waiting for it.
 */
function passLive(
  reply: { header(name: string, value: string): unknown; send(payload: unknown): unknown },
  stream: { destroy(): void; once(event: 'close', listener: () => void): unknown },
  live: Set<{ destroy(): void }>,
) {
  live.add(stream);
  stream.once('close', () => live.delete(stream));
  reply.header('cache-control', 'no-cache, no-transform');
  reply.header('x-accel-buffering', 'no');
  reply.send(stream);
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
