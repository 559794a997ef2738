import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marker of the module handed back when a remote could not be loaded. */
export interface RemoteLoadFailure {
  __remoteLoadFailed: true;
  error: unknown;
}

export function isRemoteLoadFailure(value: unknown): value is RemoteLoadFailure {
  return typeof value === 'object' && value !== null && '__remoteLoadFailed' in value;
}

/**
 * A manifest or remote entry that fails to load fails before React renders the remote, so no
 * error boundary sees it. At the last stage of `loadRemote` this plugin answers with a marker
 * module instead of throwing; `loadRemoteApp` turns it into a contained error with a retry.
 *
 * This module is the package's second entry (`@liveedu/remote-loader/fallback-plugin`, named in
 * the host's `runtimePlugins`): the federation runtime loads its plugins before any shared module
 * is ready, so it must not import React or anything else that is shared.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'liveedu-remote-fallback',
    errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined;
      console.error(`Remote module ${args.id} could not be loaded`, args.error);
      const failure: RemoteLoadFailure = { __remoteLoadFailed: true, error: args.error };
      return failure;
    },
  };
}
