import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type RemoteName, remoteBasePath, remoteManifestPath } from '@liveedu/platform-registry';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config.ts';
import { sendCompressed } from './compressed-text.ts';
import { serverPages } from './server-pages.ts';
import { sitemap } from './sitemap.ts';

/** A file's name as the build wrote it, without the ending of a compressed copy (`.br`, `.gz`). */
const servedName = (path: string) => (path.split('/').pop() ?? '').replace(/\.(?:br|gz)$/, '');

/**
 * Files that say where everything else is must never be cached; hashed files may be forever;
 * the rest (the favicon) for a few minutes. Every file may come compressed (the build writes
 * `.br` and `.gz` copies beside it), so caches keep one copy per encoding.
 */
function cacheHeaders(res: { setHeader(name: string, value: string): void }, path: string) {
  const name = servedName(path);
  res.setHeader('vary', 'accept-encoding');
  if (name === 'index.html' || name === 'remoteEntry.js' || name.endsWith('.json')) {
    res.setHeader('cache-control', 'no-cache');
  } else if (/\.[0-9a-f]{8,}\./.test(name)) {
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  } else {
    res.setHeader('cache-control', 'public, max-age=300');
  }
}

/** How the site's built files are served: their compressed copies when the browser takes them. */
const STATIC_FILES = {
  decorateReply: false,
  setHeaders: cacheHeaders,
  cacheControl: false,
  preCompressed: true,
};

/** Where this gateway answers itself, once it listens (a render reads the API through it). */
function ownOrigin(app: FastifyInstance, host: string): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/**
 * In local mode one origin serves everything: the host shell at `/`, each remote under
 * `/mf/<name>/`, and the run-time configuration that tells the host where the remotes are.
 */
export async function site(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  const remoteUrls: Record<string, string> = {};
  for (const [name, dir] of Object.entries(config.site.remotes)) {
    remoteUrls[name] = remoteManifestPath(name as RemoteName);
    if (!existsSync(dir)) continue;
    await app.register(fastifyStatic, {
      root: dir,
      prefix: remoteBasePath(name as RemoteName),
      ...STATIC_FILES,
    });
  }
  Object.assign(remoteUrls, config.site.remoteUrls);

  app.get('/app-config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return {
      apiBaseUrl: '/',
      remotes: remoteUrls,
      ...(config.site.checkoutUrl ? { razorpayCheckoutUrl: config.site.checkoutUrl } : {}),
    };
  });

  await sitemap(app, config);

  const { hostDir, hostUrl } = config.site;
  const hasHostFolder =
    hostUrl === undefined && hostDir !== undefined && existsSync(join(hostDir, 'index.html'));
  if (hasHostFolder) {
    await app.register(fastifyStatic, {
      root: hostDir as string,
      prefix: '/',
      wildcard: false,
      // `/` is a page like any other (rendered on the server), not the file index.html.
      index: false,
      ...STATIC_FILES,
      decorateReply: true,
    });
  }

  // In a deployment (`HOST_URL`) the host's nginx serves its files, and the Ingress (or the
  // host, in compose) sends the public pages here to be rendered.
  const pages =
    hasHostFolder || hostUrl !== undefined
      ? serverPages({
          ...(hasHostFolder ? { hostDir } : { hostUrl }),
          remotes: config.site.remotes,
          remoteUrls: config.site.remoteUrls,
          remoteInternalUrls: config.site.remoteInternalUrls,
          origin: config.site.publicUrl,
          apiOrigin: () => ownOrigin(app, config.host),
        })
      : null;

  // Client-side routes (/courses, /profile/todo, ...) all load the shell; public pages arrive
  // rendered (ADR 13), or unrendered when they cannot be.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !path.startsWith('/api') && !/\.[a-z0-9]+$/i.test(path);
    if (wantsPage && pages) {
      reply.header('cache-control', 'no-cache');
      const page = await pages.render(request.url, request.log);
      if (page) {
        reply.status(page.status).type('text/html; charset=utf-8');
        return sendCompressed(request, reply, page.html);
      }
      if (hasHostFolder) return reply.sendFile('index.html', hostDir as string);
      const unrendered = await pages.unrendered();
      if (unrendered !== null) {
        return sendCompressed(request, reply.type('text/html; charset=utf-8'), unrendered);
      }
      return reply.status(503).send({ message: 'The site is unavailable, please try again' });
    }
    if (wantsPage) {
      return reply
        .status(503)
        .send({ message: 'The web app is not built; run `npm start` to build and serve it' });
    }
    return reply.status(404).send({ message: `No route for ${request.method} ${path}` });
  });
}
