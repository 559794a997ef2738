import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import type { HostServerModule, ServerRemoteModule } from '@liveedu/contracts';
import { type RemoteName, SERVER_BUILD_FILE, SERVER_RENDERED_REMOTES } from '@liveedu/platform-registry';

export interface ServerBuilds {
  host: HostServerModule;
  remotes: Record<string, ServerRemoteModule>;
  /** The host's page, into which a rendered page goes (and which is sent unrendered). */
  template: string;
}

/** Where the site's files are: the host's folder here, or the host's address (a deployment). */
export interface SiteSources {
  hostDir?: string;
  hostUrl?: string;
  remotes: Record<string, string>;
  remoteUrls: Record<string, string>;
  remoteInternalUrls?: Record<string, string>;
}

/**
 * The shared React, router and styled-components a server build requires are the gateway's own
 * copies: one React for the host's render and a remote's pages.
 */
const requireHere = createRequire(import.meta.url);

const FETCH_TIMEOUT_MS = 10_000;

/** A file of the site read over HTTP; an answer other than 2xx is an error. */
export async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/**
 * A CommonJS build read over HTTP, run as Node runs a module file (the same wrapper), with the
 * gateway's `require`: nothing is written to disk, which a read-only container does not allow.
 */
function evaluateCommonJs<T>(code: string, url: string): T {
  const module = { exports: {} as T };
  const wrapper = runInThisContext(
    `(function (exports, require, module, __filename, __dirname) {${code}\n})`,
    { filename: url },
  ) as (exports: T, require: NodeJS.Require, module: { exports: T }, file: string, dir: string) => void;
  wrapper(module.exports, requireHere, module, url, '/');
  return module.exports;
}

async function fromUrl<T>(url: string): Promise<T> {
  return evaluateCommonJs<T>(await fetchText(url), url);
}

/**
 * Where this gateway reads a remote's manifest: its in-cluster address when given, else where
 * browsers load it (a relative one, `/mf/catalog/…`, from the host, which forwards it).
 */
export function remoteManifestUrl(site: SiteSources, name: string): string | undefined {
  const internal = site.remoteInternalUrls?.[name];
  if (internal) return `${internal}mf-manifest.json`;
  const manifest = site.remoteUrls[name];
  if (!manifest) return undefined;
  if (/^https?:\/\//.test(manifest)) return manifest;
  return site.hostUrl ? new URL(manifest, `${site.hostUrl}/`).href : undefined;
}

/**
 * The server builds of the host and of each remote rendered on the server (ADR 13), and the
 * host's page: from the host's folder, or from the host's address in a deployment; a remote's
 * the way the browser reaches the remote, from beside its manifest, or from its folder when the
 * gateway serves it.
 */
export async function loadServerBuilds(site: SiteSources): Promise<ServerBuilds> {
  let host: HostServerModule;
  let template: string;
  if (site.hostUrl) {
    [host, template] = await Promise.all([
      fromUrl<HostServerModule>(`${site.hostUrl}/${SERVER_BUILD_FILE}`),
      fetchText(`${site.hostUrl}/index.html`),
    ]);
  } else {
    const dir = site.hostDir ?? '';
    host = requireHere(join(dir, SERVER_BUILD_FILE)) as HostServerModule;
    template = readFileSync(join(dir, 'index.html'), 'utf8');
  }
  const remotes: Record<string, ServerRemoteModule> = {};
  for (const name of SERVER_RENDERED_REMOTES as readonly RemoteName[]) {
    const manifest = remoteManifestUrl(site, name);
    remotes[name] = manifest
      ? await fromUrl<ServerRemoteModule>(new URL(SERVER_BUILD_FILE, manifest).href)
      : (requireHere(join(site.remotes[name] ?? '', SERVER_BUILD_FILE)) as ServerRemoteModule);
  }
  return { host, remotes, template };
}
