import { PAGE_ROUTES, REMOTES, type RemoteSpec, SERVICES, type ServiceSpec } from './registry.ts';

export type ServiceName = (typeof SERVICES)[number]['name'];
export type RemoteName = (typeof REMOTES)[number]['name'];
/** The pages a remote's `./app` renders by name. */
export type PageName<R extends RemoteName = RemoteName> = Extract<
  (typeof REMOTES)[number],
  { name: R }
>['pages'][number];

// Pure calls, so a bundle that uses none of them (the front end) leaves the services out.
export const SERVICE_NAMES: readonly ServiceName[] = /*#__PURE__*/ SERVICES.map((service) => service.name);
export const REMOTE_NAMES: readonly RemoteName[] = /*#__PURE__*/ REMOTES.map((remote) => remote.name);

/** A service's entry; a name that is no service is a mistake and throws. */
export function service(name: string): ServiceSpec {
  const spec: ServiceSpec | undefined = SERVICES.find((s) => s.name === name);
  if (!spec) throw new Error(`no service named "${name}" in the platform registry`);
  return spec;
}

/** `catalog` → `CATALOG`: the prefix of a part's variables (`CATALOG_PORT`, `CATALOG_URL`). */
export const envPrefix = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]/g, '_');

/** A part's own variable: `envName('catalog', 'PORT')` → `CATALOG_PORT`. */
export const envName = (name: string, key: string) => `${envPrefix(name)}_${key}`;

/** The services in start order: each after the services it calls, otherwise as declared. */
export function serviceStartOrder(): ServiceName[] {
  const order: ServiceName[] = [];
  const visit = (spec: ServiceSpec, path: string[]) => {
    if (order.includes(spec.name as ServiceName)) return;
    if (path.includes(spec.name)) throw new Error(`services call each other in a cycle: ${path.join(' → ')}`);
    for (const callee of spec.calls) {
      const target = SERVICES.find((s) => s.name === callee);
      if (!target) throw new Error(`${spec.name} calls ${callee}, which is no service`);
      visit(target, [...path, spec.name]);
    }
    order.push(spec.name as ServiceName);
  };
  for (const spec of SERVICES) visit(spec, []);
  return order;
}

/** The workspace folder of a remote. */
export const remoteDir = (name: RemoteName) => `mfe-${name}`;
/** The path a remote is served under, behind the host's origin. */
export const remoteBasePath = (name: RemoteName) => `/mf/${name}/`;
/** Where the host finds a remote by default (the run-time config may say otherwise). */
export const remoteManifestPath = (name: RemoteName) => `${remoteBasePath(name)}mf-manifest.json`;

/** The remotes whose pages the server renders (ADR 13). */
export const SERVER_RENDERED_REMOTES: readonly RemoteName[] = /*#__PURE__*/ REMOTES.filter(
  (remote: RemoteSpec) => remote.serverRendered === true,
).map((remote) => remote.name);
/** A remote's server build, beside its `remoteEntry.js`. */
export const SERVER_BUILD_FILE = 'server/render.cjs';

/** What crawlers read from the gateway beside the pages (its sitemap plugin answers them). */
export const CRAWLER_PATHS = ['/robots.txt', '/sitemap.xml', '/sitemaps/*'] as const;

/**
 * The paths a deployment sends to the gateway to be rendered (ADR 13) rather than to the host's
 * files: the pages of the remotes rendered on the server and the crawlers' files. `exact` is one
 * path; `prefix` every path under it (a route with a parameter, `/viewCouse/:id` → `/viewCouse/`).
 */
export function serverRenderedPaths(): { path: string; match: 'exact' | 'prefix' }[] {
  const paths = [
    ...PAGE_ROUTES.filter((route) =>
      (SERVER_RENDERED_REMOTES as readonly string[]).includes(route.remote),
    ).map((route) => route.path),
    ...CRAWLER_PATHS,
  ];
  const routes = new Map<string, 'exact' | 'prefix'>();
  for (const path of paths) {
    const open = path.search(/[:*]/);
    if (open === -1) routes.set(path, routes.get(path) ?? 'exact');
    else routes.set(path.slice(0, open), 'prefix');
  }
  return [...routes].map(([path, match]) => ({ path, match }));
}

/** The host's routes a remote renders, for its standalone development server. */
export function pageRoutesOf<R extends RemoteName>(remote: R): { path: string; page: PageName<R> }[] {
  return PAGE_ROUTES.filter((route) => route.remote === remote).map(({ path, page }) => ({
    path,
    page: page as PageName<R>,
  }));
}

/** Mistakes in the registry: a route to a page its remote does not render, a name used twice. */
export function registryProblems(): string[] {
  const problems: string[] = [];
  for (const route of PAGE_ROUTES) {
    const remote: { pages: readonly string[] } | undefined = REMOTES.find((r) => r.name === route.remote);
    if (!remote) problems.push(`${route.path} names the remote ${route.remote}, which does not exist`);
    else if (!remote.pages.includes(route.page))
      problems.push(`${route.path} asks ${route.remote} for the page ${route.page}, which it does not list`);
  }
  const paths = PAGE_ROUTES.map((route) => route.path);
  for (const path of new Set(paths))
    if (paths.indexOf(path) !== paths.lastIndexOf(path)) problems.push(`${path} is routed twice`);
  const names = [...SERVICES.map((s) => s.name), ...REMOTES.map((r) => `mfe-${r.name}`), 'gateway', 'host'];
  for (const name of new Set(names))
    if (names.indexOf(name) !== names.lastIndexOf(name)) problems.push(`${name} is declared twice`);
  const ports = SERVICES.map((s) => s.port);
  for (const port of new Set(ports))
    if (ports.indexOf(port) !== ports.lastIndexOf(port)) problems.push(`port ${port} is given twice`);
  return problems;
}
