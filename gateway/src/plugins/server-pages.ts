import { createHash } from 'node:crypto';
import type { RenderedPage } from '@liveedu/contracts';
import { SERVER_RENDERED_REMOTES } from '@liveedu/platform-registry';
import type { FastifyBaseLogger } from 'fastify';
import {
  fetchText,
  loadServerBuilds,
  remoteManifestUrl,
  type ServerBuilds,
  type SiteSources,
} from './server-builds.ts';

/** A page not rendered within this long is sent unrendered (the browser renders it). */
const RENDER_TIMEOUT_MS = 5_000;
/** How often a deployment's host and remotes are asked whether they were deployed again. */
const REDEPLOY_CHECK_MS = 10_000;

export interface ServerPagesOptions extends SiteSources {
  /** The site's public origin (canonical addresses). */
  origin: string;
  /** Where a render reaches the API: this gateway (known once it listens). */
  apiOrigin: () => string;
}

/**
 * What identifies a deployment of the host and the remotes rendered here: the host's page and
 * each manifest name every hashed file, so a new deployment changes them.
 */
async function deploymentStamp(site: SiteSources): Promise<string> {
  const urls = [
    `${site.hostUrl}/index.html`,
    ...(SERVER_RENDERED_REMOTES as readonly string[]).flatMap((name) => remoteManifestUrl(site, name) ?? []),
  ];
  const hash = createHash('sha256');
  for (const url of urls) hash.update(await fetchText(url));
  return hash.digest('hex');
}

/**
 * Public pages as HTML from the server (ADR 13): the host's server build renders the page with
 * the remote's. Resolves to null, logged, whenever the page cannot be rendered (a build missing, a
 * render that throws or takes too long): the caller then sends the page unrendered, as before.
 * Read from a deployment's host, the builds are read again once the host or a remote was
 * deployed again (checked every 10 s), so pages never name files a new deployment removed.
 */
export function serverPages(options: ServerPagesOptions) {
  let builds: Promise<ServerBuilds> | null = null;
  let stamp: string | null = null;
  let checked: Promise<void> | null = null;
  let checkedAt = 0;

  const checkRedeployed = () => {
    if (!options.hostUrl || Date.now() - checkedAt < REDEPLOY_CHECK_MS) return checked;
    checkedAt = Date.now();
    checked = deploymentStamp(options).then(
      (now) => {
        if (stamp !== null && now !== stamp) builds = null;
        stamp = now;
      },
      // Unreachable now: the builds read before serve meanwhile.
      () => {},
    );
    return checked;
  };

  const loaded = async () => {
    await checkRedeployed();
    if (!builds) {
      const loading = loadServerBuilds(options);
      builds = loading;
      // A failed load is tried again on the next page.
      loading.catch(() => {
        if (builds === loading) builds = null;
      });
    }
    return builds;
  };

  return {
    async render(path: string, log: FastifyBaseLogger): Promise<RenderedPage | null> {
      let timer: NodeJS.Timeout | undefined;
      try {
        const { host, remotes, template } = await loaded();
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`not rendered in ${RENDER_TIMEOUT_MS} ms`)),
            RENDER_TIMEOUT_MS,
          );
        });
        return await Promise.race([
          host.renderPage({
            path,
            origin: options.origin,
            apiOrigin: options.apiOrigin(),
            template,
            remotes,
          }),
          timeout,
        ]);
      } catch (error) {
        log.warn({ err: error, path }, 'page sent unrendered: the server could not render it');
        return null;
      } finally {
        clearTimeout(timer);
      }
    },

    /**
     * A deployment's host page unrendered, for a page that could not be rendered (even when a
     * server build cannot be read); null when the host cannot be reached.
     */
    async unrendered(): Promise<string | null> {
      const template = (await loaded().catch(() => null))?.template;
      if (template !== undefined) return template;
      return fetchText(`${options.hostUrl}/index.html`).catch(() => null);
    },
  };
}
