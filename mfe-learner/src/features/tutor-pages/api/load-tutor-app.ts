import { loadAppConfig } from '@liveedu/api-client';
import type { ComponentType } from 'react';

/** What the tutor remote exposes as `./app`, like every remote: a component rendering a named page. */
export interface TutorAppModule {
  default: ComponentType<{ page: string }>;
}

interface FederationInstance {
  name: string;
  registerRemotes: (remotes: { name: string; entry: string }[], options?: { force?: boolean }) => void;
  loadRemote: <T>(id: string) => Promise<T | null | undefined>;
}

/**
 * The runtime that loaded this remote also loads its siblings. The instance is looked up on the
 * runtime's global, so this remote does not bundle a second copy of the runtime.
 */
function federation(): FederationInstance {
  const global = globalThis as unknown as { __FEDERATION__?: { __INSTANCES__?: FederationInstance[] } };
  const instances = global.__FEDERATION__?.__INSTANCES__ ?? [];
  const own = instances.find((i) => i.name === 'learner') ?? instances.find((i) => i.name === 'host');
  if (!own) throw new Error('The tutor pages could not be loaded.');
  return own;
}

let pending: Promise<TutorAppModule> | null = null;

async function load(): Promise<TutorAppModule> {
  const config = await loadAppConfig();
  const manifest = config.remotes.tutor;
  if (!manifest) throw new Error('The tutor pages could not be loaded.');
  const instance = federation();
  instance.registerRemotes([{ name: 'tutor', entry: new URL(manifest, window.location.href).href }]);
  const mod = await instance.loadRemote<TutorAppModule>('tutor/app');
  if (!mod || typeof mod.default !== 'function') throw new Error('The tutor pages could not be loaded.');
  return mod;
}

/** Loads the tutor remote's app once; a failed load is forgotten so a retry starts over. */
export function loadTutorApp(): Promise<TutorAppModule> {
  if (!pending) {
    pending = load();
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}
