import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import replyFrom from '@fastify/reply-from';
import { REQUEST_ID_HEADER } from '@liveedu/contracts';
import {
  installErrorHandling,
  installObservability,
  logRequest,
  redactAddresses,
} from '@liveedu/service-kit';
import { contentSecurityPolicy, PERMISSIONS_POLICY } from '@liveedu/site-policy';
import fastify, { type FastifyInstance } from 'fastify';
import { AccessCache } from './access-cache.ts';
import { followCatalogEvents } from './catalog-events.ts';
import type { GatewayConfig } from './config.ts';
import { identityAccessLoader } from './identity-access.ts';
import { followIdentityEvents } from './identity-events.ts';
import { apiDocs } from './plugins/api-docs.ts';
import { apiRoutes } from './plugins/api-routes.ts';
import { filesRoute } from './plugins/files.ts';
import { site } from './plugins/site.ts';
import { PublicCache } from './public-cache.ts';

/** Powerful features the site does not use stay off, for it and anything it frames. */
/** The `hops` nearest proxies are trusted to name the address they got the request from. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildGateway(config: GatewayConfig): Promise<FastifyInstance> {
  const app = fastify({
    logger: {
      level: config.logLevel,
      base: { service: 'gateway' },
      // Tokens and signatures in addresses stay out of the log.
      serializers: { req: logRequest },
      redact: redactAddresses(['source']),
      ...(config.logStream ? { stream: config.logStream } : {}),
    },
    // Our own ids only: a client cannot choose the id its request is logged and traced under.
    genReqId: () => randomUUID(),
    // Any path segment of up to MAX_PATH_SEGMENT characters is routed, however many bytes each
    // takes encoded; the API routes refuse longer ones themselves, as the document says.
    routerOptions: { ignoreDuplicateSlashes: true, maxParamLength: 1024 },
    // The client's address (rate limits, logs) is the connection's unless proxies are named.
    trustProxy:
      typeof config.trustedProxies === 'number' ? trustHops(config.trustedProxies) : config.trustedProxies,
    bodyLimit: config.jsonBodyLimit,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // The usual security headers on every answer (nosniff, frame and referrer policies, HSTS,
  // cross-origin isolation of windows), and the site's content security policy, made from the
  // origins the configuration names (packages/site-policy).
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  const policy = contentSecurityPolicy({
    ...(config.site.checkoutUrl ? { checkoutUrl: config.site.checkoutUrl } : {}),
    remoteUrls: config.site.remoteUrls,
    ...(config.site.liveMediaUrl ? { liveMediaUrl: config.site.liveMediaUrl } : {}),
    // Browsers upload video parts to the upload endpoint when one is set, else to storage itself.
    // A deployment's pages (`HOST_URL`) carry the host's policy, which its nginx makes from the
    // same settings: there storage's own address is inside the deployment, not for browsers.
    uploadOrigins: config.site.uploadEndpoint
      ? [config.site.uploadEndpoint]
      : config.site.hostUrl
        ? []
        : [config.filesUpstream],
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', policy);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  // The site answers what no route does (client-side routes load the shell).
  installErrorHandling(app, { notFound: false });
  const cache = new AccessCache({ ...config.accessCache, load: identityAccessLoader(config) });
  const publicCache = new PublicCache(config.publicCache);
  installObservability(app, 'gateway', {
    readiness: {
      identity: async () => {
        if (!config.services.identity) throw new Error('not configured');
        const response = await fetch(`${config.services.identity}/readyz`, {
          signal: AbortSignal.timeout(2000),
        });
        if (!response.ok) throw new Error(`answered ${response.status}`);
      },
    },
    gauges: {
      gateway_access_cache_entries: {
        help: 'Users whose role the gateway holds without asking identity',
        read: async () => cache.size,
      },
      gateway_public_cache_entries: {
        help: 'Anonymous public answers the gateway holds for the few seconds their service allows',
        read: async () => publicCache.size,
      },
      gateway_access_events_live: {
        help: '1 while identity user events are followed (cached roles are used), 0 otherwise',
        read: async () => (cache.live ? 1 : 0),
      },
    },
  });
  // One connection pool to the services and S3, shared by the API routes and /files.
  await app.register(replyFrom, { undici: { connections: 64, pipelining: 1, keepAliveTimeout: 30_000 } });
  await app.register(async (scoped) => apiRoutes(scoped, config, cache, publicCache));
  await app.register(async (scoped) => filesRoute(scoped, config));
  await app.register(async (scoped) => apiDocs(scoped, config));
  await site(app, config);
  const feed = followIdentityEvents({
    natsUrl: config.natsUrl,
    prefix: config.eventPrefix,
    cache,
    // A tutor's new name or picture shows on course cards and pages.
    onUserChanged: () => publicCache.clear(),
    log: app.log,
  });
  const courses = followCatalogEvents({
    natsUrl: config.natsUrl,
    prefix: config.eventPrefix,
    cache: publicCache,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await Promise.all([feed.stop(), courses.stop()]);
  });
  return app;
}
