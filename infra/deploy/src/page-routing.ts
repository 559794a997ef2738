import {
  envPrefix,
  GATEWAY,
  HOST,
  remoteBasePath,
  remoteDir,
  SERVER_RENDERED_REMOTES,
  serverRenderedPaths,
} from '@liveedu/platform-registry';
import { type Component, component } from './components.ts';

/** A component's address inside a deployment: compose's network and the cluster's Services alike. */
export const addressOf = (c: Component) => `http://${c.name}:${c.port}`;

/**
 * What the gateway renders public pages with (ADR 13), read over the deployment's network: the
 * host's page and server build (`HOST_URL`), and each server-rendered remote's build from its own
 * nginx (`MFE_<NAME>_INTERNAL_URL`), not from where browsers load it.
 */
export function gatewaySiteEnv(): Record<string, string> {
  return {
    HOST_URL: addressOf(component(HOST.name)),
    ...Object.fromEntries(
      SERVER_RENDERED_REMOTES.map((name) => [
        `MFE_${envPrefix(name)}_INTERNAL_URL`,
        `${addressOf(component(remoteDir(name)))}${remoteBasePath(name)}`,
      ]),
    ),
  };
}

/** The components the gateway reads site files from (the network policies' edges). */
export const gatewaySiteSources = (): string[] => [HOST.name, ...SERVER_RENDERED_REMOTES.map(remoteDir)];

/** Everything a deployment routes to the gateway: its API paths and the pages it renders. */
export function gatewayRoutes(): { path: string; match: 'exact' | 'prefix' }[] {
  return [
    ...GATEWAY.publicPaths.map((path) => ({ path, match: 'prefix' as const })),
    ...serverRenderedPaths(),
  ];
}
