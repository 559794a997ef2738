import { PAGE_ROUTES, type PageRoute } from '@liveedu/platform-registry';
import type { RemoteName } from './federation/remotes.ts';

/**
 * Which remote renders which top-level route, and the page name the host asks it for: the
 * platform registry's page routes. Paths are the spec's, typos included (/viewCouse). Areas with
 * nested routes end in `/*` and the remote routes the rest itself.
 */
export interface RemoteRoute extends PageRoute {
  remote: RemoteName;
}

export const REMOTE_ROUTES: readonly RemoteRoute[] = PAGE_ROUTES;
