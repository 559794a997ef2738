import { loadAppConfig } from '@liveedu/api-client';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { isRemoteLoadFailure } from './fallback-plugin.ts';

/** What every remote exposes as `./app`: one component that renders the page the host asks for. */
export interface RemoteAppProps {
  page: string;
}
export interface RemoteAppModule {
  default: ComponentType<RemoteAppProps>;
  /** Loads a page's chunk ahead of its render (a remote whose pages the server renders has it). */
  preloadPage?(page: string): Promise<void>;
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: string,
    cause: unknown,
  ) {
    super(`The ${remote} part of the site could not be loaded.`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

/**
 * Addresses (name → mf-manifest.json URL) registered with the federation runtime of the app this
 * copy of the package is bundled in: the host's, or a remote's own instance when a remote loads
 * another (the learner remote shows tutor pages), each through Module Federation's runtime API.
 */
const entries = new Map<string, string>();

/** Registers the remotes named in the run-time config. The host does it at start. */
export function configureRemotes(remotes: Record<string, string>): void {
  const list = Object.entries(remotes).map(([name, url]) => ({
    name,
    entry: new URL(url, window.location.href).href,
  }));
  for (const { name, entry } of list) entries.set(name, entry);
  registerRemotes(list);
}

/** A remote not registered yet (a remote loading a sibling) is registered from the run-time config. */
async function ensureRegistered(name: string): Promise<void> {
  if (entries.has(name)) return;
  configureRemotes((await loadAppConfig()).remotes);
}

async function load(name: string): Promise<RemoteAppModule> {
  await ensureRegistered(name);
  if (!entries.has(name)) throw new RemoteUnavailableError(name, new Error('No address configured'));
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

const cache = new Map<string, Promise<RemoteAppModule>>();
/** The remotes whose app has arrived, so a page rendered again (or hydrated) shows at once. */
const loaded = new Map<string, RemoteAppModule>();

/** Loads a remote's app once; a failed load is forgotten so the next call tries again. */
export function loadRemoteApp(name: string): Promise<RemoteAppModule> {
  let pending = cache.get(name);
  if (!pending) {
    pending = load(name);
    pending.then(
      (module) => loaded.set(name, module),
      () => cache.delete(name),
    );
    cache.set(name, pending);
  }
  return pending;
}

/** A remote's app already loaded, or undefined. */
export const loadedRemoteApp = (name: string): RemoteAppModule | undefined => loaded.get(name);

/**
 * Gives a remote's app without loading it through the federation runtime: the server render
 * passes the remote's server build here before rendering a page of it.
 */
export function provideRemoteApp(name: string, module: RemoteAppModule): void {
  loaded.set(name, module);
  cache.set(name, Promise.resolve(module));
}

/** Drops what the runtime remembers of a failed remote so a retry fetches its manifest again. */
export function resetRemote(name: string): void {
  cache.delete(name);
  loaded.delete(name);
  const entry = entries.get(name);
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
