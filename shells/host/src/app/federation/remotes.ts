import type { RemoteName } from '@liveedu/platform-registry';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { isRemoteLoadFailure } from './remote-fallback-plugin.ts';

/** What every remote exposes as `./app`: one component that renders the page the host asks for. */
export interface RemoteAppProps {
  page: string;
}
export interface RemoteAppModule {
  default: ComponentType<RemoteAppProps>;
}

export type { RemoteName } from '@liveedu/platform-registry';

let entries: Record<string, string> = {};

/** Register the remotes named in the run-time config (name → mf-manifest.json URL). */
export function configureRemotes(remotes: Record<string, string>): void {
  entries = Object.fromEntries(
    Object.entries(remotes).map(([name, url]) => [name, new URL(url, window.location.href).href]),
  );
  registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
}

const cache = new Map<string, Promise<RemoteAppModule>>();

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: string,
    cause: unknown,
  ) {
    super(`The ${remote} part of the site could not be loaded.`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

async function load(name: RemoteName): Promise<RemoteAppModule> {
  if (!entries[name]) throw new RemoteUnavailableError(name, new Error('No address configured'));
  let mod: unknown;
  try {
    mod = await loadRemote<RemoteAppModule>(`${name}/app`);
  } catch (error) {
    throw new RemoteUnavailableError(name, error);
  }
  if (isRemoteLoadFailure(mod)) throw new RemoteUnavailableError(name, mod.error);
  if (!mod || typeof (mod as RemoteAppModule).default !== 'function') {
    throw new RemoteUnavailableError(name, new Error('The remote does not expose an app component'));
  }
  return mod as RemoteAppModule;
}

/** Load a remote's app once; a failed load is forgotten so the next call tries again. */
export function loadRemoteApp(name: RemoteName): Promise<RemoteAppModule> {
  let pending = cache.get(name);
  if (!pending) {
    pending = load(name);
    pending.catch(() => cache.delete(name));
    cache.set(name, pending);
  }
  return pending;
}

/** Drop what the runtime remembers of a failed remote so a retry fetches its manifest again. */
export function resetRemote(name: RemoteName): void {
  cache.delete(name);
  const entry = entries[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
