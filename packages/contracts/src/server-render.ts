/**
 * Public pages rendered on the server (docs/adr/0013): what the host's and a remote's server
 * builds give the server that answers pages (the gateway), and what they give each other.
 */

/**
 * What a page says of itself in the document's head: what search engines index and what a shared
 * link shows. A remote's server build answers it for its pages; the host writes it.
 */
export interface PageHead {
  title: string;
  description: string;
  /** The page's own address (path and query), made absolute with the site's origin. */
  path: string;
  /** The image a shared link shows, absolute or from the site's root. */
  image?: string;
  /** schema.org objects, each written as one JSON-LD script. */
  jsonLd?: readonly object[];
}

export interface PageHeadRequest {
  page: string;
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  /** The site's public origin, for the absolute addresses of structured data. */
  origin: string;
  /** An answer the page read while rendering, by its query key (undefined when it failed). */
  read(key: readonly unknown[]): unknown;
}

/**
 * What a remote's server build (`dist/server/render.cjs`, docs/adr/0013) gives the host's: its
 * app, as the browser gets it through the federation runtime, and each page's head.
 */
export interface ServerRemoteModule {
  /** The remote's `./app`, a React component: renders the page the host's route names. */
  default: (props: { page: string }) => unknown;
  pageHead(request: PageHeadRequest): PageHead;
}

/** A public page the host's server build is asked to render. */
export interface PageRequest {
  /** The page's address as the browser asked for it (path and query). */
  path: string;
  /** The site's public origin, for canonical and shared-link addresses. */
  origin: string;
  /** Where the server reaches the API (the gateway itself), e.g. `http://127.0.0.1:8080`. */
  apiOrigin: string;
  /** The host's built `index.html`. */
  template: string;
  /** The server builds of the remotes rendered on the server, by name. */
  remotes: Readonly<Record<string, ServerRemoteModule>>;
}

export interface RenderedPage {
  status: number;
  html: string;
}

/** What the host's server build (`dist/server/render.cjs`) gives the server that answers pages. */
export interface HostServerModule {
  /** The page as HTML, or null when no route of a remote rendered on the server matches. */
  renderPage(request: PageRequest): Promise<RenderedPage | null>;
}
