import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { HostServerModule, ServerRemoteModule } from '@liveedu/contracts';
import { type RemoteName, SERVER_BUILD_FILE, SERVER_RENDERED_REMOTES } from '@liveedu/platform-registry';

export interface ServerBuilds {
  host: HostServerModule;
  remotes: Record<string, ServerRemoteModule>;
}

const requireHere = createRequire(import.meta.url);

/**
 * Downloaded server builds are kept inside the gateway's folder, so the shared React, router and
 * styled-components they require resolve to the gateway's own copies.
 */
const DOWNLOADS = join(import.meta.dirname, '..', '..', '.server-builds');

async function download(name: string, url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  mkdirSync(DOWNLOADS, { recursive: true });
  const file = join(DOWNLOADS, `${name}-${Date.now()}.cjs`);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

/**
 * The server builds of the host and of each remote rendered on the server (ADR 13): the host's from
 * its folder, a remote's the way the browser reaches the remote: from beside its manifest at the
 * address the run-time config gives, or from its folder when the gateway serves it.
 */
export async function loadServerBuilds(site: {
  hostDir: string;
  remotes: Record<string, string>;
  remoteUrls: Record<string, string>;
}): Promise<ServerBuilds> {
  const host = requireHere(join(site.hostDir, SERVER_BUILD_FILE)) as HostServerModule;
  const remotes: Record<string, ServerRemoteModule> = {};
  for (const name of SERVER_RENDERED_REMOTES as readonly RemoteName[]) {
    const manifest = site.remoteUrls[name];
    const file = manifest
      ? await download(name, new URL(SERVER_BUILD_FILE, manifest).href)
      : join(site.remotes[name] ?? '', SERVER_BUILD_FILE);
    remotes[name] = requireHere(file) as ServerRemoteModule;
  }
  return { host, remotes };
}
