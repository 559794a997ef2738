import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RenderedPage } from '@liveedu/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { loadServerBuilds, type ServerBuilds } from './server-builds.ts';

/** A page not rendered within this long is sent unrendered (the browser renders it). */
const RENDER_TIMEOUT_MS = 5_000;

export interface ServerPagesOptions {
  hostDir: string;
  remotes: Record<string, string>;
  remoteUrls: Record<string, string>;
  /** The site's public origin (canonical addresses). */
  origin: string;
  /** Where a render reaches the API: this gateway (known once it listens). */
  apiOrigin: () => string;
}

/**
 * Public pages as HTML from the server (ADR 13): the host's server build renders the page with
 * the remote's. Resolves to null, logged, whenever the page cannot be rendered (a build missing, a
 * render that throws or takes too long): the caller then sends the page unrendered, as before.
 */
export function serverPages(options: ServerPagesOptions) {
  const template = readFileSync(join(options.hostDir, 'index.html'), 'utf8');
  let builds: Promise<ServerBuilds> | null = null;
  const loaded = () => {
    if (!builds) {
      builds = loadServerBuilds(options);
      // A failed load is tried again on the next page.
      builds.catch(() => {
        builds = null;
      });
    }
    return builds;
  };

  return async function renderPage(path: string, log: FastifyBaseLogger): Promise<RenderedPage | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const { host, remotes } = await loaded();
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`not rendered in ${RENDER_TIMEOUT_MS} ms`)),
          RENDER_TIMEOUT_MS,
        );
      });
      return await Promise.race([
        host.renderPage({ path, origin: options.origin, apiOrigin: options.apiOrigin(), template, remotes }),
        timeout,
      ]);
    } catch (error) {
      log.warn({ err: error, path }, 'page sent unrendered: the server could not render it');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
