import { randomUUID } from 'node:crypto';
import replyFrom from '@fastify/reply-from';
import { REQUEST_ID_HEADER } from '@liveedu/contracts';
import { installErrorHandling, installObservability } from '@liveedu/service-kit';
import fastify, { type FastifyInstance } from 'fastify';
import type { GatewayConfig } from './config.ts';
import { apiDocs } from './plugins/api-docs.ts';
import { apiRoutes } from './plugins/api-routes.ts';
import { filesRoute } from './plugins/files.ts';
import { site } from './plugins/site.ts';

export async function buildGateway(config: GatewayConfig): Promise<FastifyInstance> {
  const app = fastify({
    logger: { level: config.logLevel, base: { service: 'gateway' } },
    // Our own ids only: a client cannot choose the id its request is logged and traced under.
    genReqId: () => randomUUID(),
    routerOptions: { ignoreDuplicateSlashes: true },
    trustProxy: config.production,
    bodyLimit: config.jsonBodyLimit,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
  });
  // The site answers what no route does (client-side routes load the shell).
  installErrorHandling(app, { notFound: false });
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
  });
  // One connection pool to the services and S3, shared by the API routes and /files.
  await app.register(replyFrom, { undici: { connections: 64, pipelining: 1, keepAliveTimeout: 30_000 } });
  await app.register(async (scoped) => apiRoutes(scoped, config));
  await app.register(async (scoped) => filesRoute(scoped, config));
  await app.register(async (scoped) => apiDocs(scoped, config));
  await site(app, config);
  return app;
}
