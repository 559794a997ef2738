import { SITEMAP_KINDS, type SitemapKind } from '@liveedu/contracts';
import { PAGE_ROUTES, SERVER_RENDERED_REMOTES } from '@liveedu/platform-registry';
import { catalogClient, Type } from '@liveedu/service-kit';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config.ts';

/** The page of each thing a sitemap lists (the host's routes, ADR 13). */
const PAGE_OF: Record<SitemapKind, string> = {
  courses: 'course-detail',
  instructors: 'instructor',
  categories: 'courses-by-category',
};

/** The public pages that are the same for everyone, listed in `pages.xml`. */
const FIXED_PAGES = ['home', 'categories', 'courses', 'teach'];

/** A page's path with its one parameter filled in (`/viewCouse/:id` → `/viewCouse/<id>`). */
export function pagePath(page: string, value = ''): string {
  const route = PAGE_ROUTES.find((candidate) => candidate.page === page);
  if (!route) throw new Error(`No route shows the page ${page}`);
  return route.path.replace(/:\w+/, () => encodeURIComponent(value));
}

/** What crawlers are kept out of: the pages of a signed-in user, and the API. */
export function disallowedPaths(): string[] {
  const privatePages = PAGE_ROUTES.filter(
    (route) => !(SERVER_RENDERED_REMOTES as readonly string[]).includes(route.remote),
  ).map((route) => route.path.replace(/[:*].*$/, ''));
  return [
    ...new Set([...privatePages, '/api/', '/api2/', '/paymentsuccess', '/paymentfailed', '/reset-password/']),
  ];
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

const xml = (root: string, entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</${root}>\n`;

const FILE = /^(pages|(courses|instructors|categories)-([1-9]\d{0,2}))\.xml$/;

/**
 * `/robots.txt`, and the sitemap of the public pages: `/sitemap.xml` is an index of
 * `/sitemaps/pages.xml` (the fixed pages) and, 10,000 addresses a file, the listed courses,
 * the tutors teaching them and the categories, read from the catalog.
 */
export async function sitemap(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  const origin = config.site.publicUrl;
  const url = (path: string) => escapeXml(new URL(path, `${origin}/`).href);
  const catalog = catalogClient('gateway', {
    baseUrl: config.services.catalog,
    internalSecret: config.internalSecret,
    timeoutMs: 10_000,
  });
  const read = async (kind: SitemapKind, page: number, requestId: string) => {
    const answer = await catalog.call(
      'sitemap',
      { params: { kind }, query: { page: String(page) } },
      requestId,
    );
    return answer.ok ? answer.body : { keys: [], pages: 0 };
  };
  const ONE_HOUR = 'public, max-age=3600';

  app.get('/robots.txt', async (_request, reply) => {
    reply.header('cache-control', ONE_HOUR).type('text/plain; charset=utf-8');
    const rules = disallowedPaths().map((path) => `Disallow: ${path}`);
    return ['User-agent: *', 'Allow: /', ...rules, '', `Sitemap: ${url('/sitemap.xml')}`, ''].join('\n');
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const firstPages = await Promise.all(SITEMAP_KINDS.map((kind) => read(kind, 1, request.id)));
    const files = ['pages'];
    SITEMAP_KINDS.forEach((kind, index) => {
      for (let page = 1; page <= (firstPages[index]?.pages ?? 0); page += 1) files.push(`${kind}-${page}`);
    });
    reply.header('cache-control', ONE_HOUR).type('application/xml; charset=utf-8');
    return xml(
      'sitemapindex',
      files.map((file) => `  <sitemap><loc>${url(`/sitemaps/${file}.xml`)}</loc></sitemap>`),
    );
  });

  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    { schema: { params: Type.Object({ file: Type.String({ pattern: FILE.source }) }) } },
    async (request, reply) => {
      const [, name, kind, page] = FILE.exec(request.params.file) ?? [];
      const paths =
        name === 'pages'
          ? FIXED_PAGES.map((fixed) => pagePath(fixed))
          : (await read(kind as SitemapKind, Number(page), request.id)).keys.map((key) =>
              pagePath(PAGE_OF[kind as SitemapKind], key),
            );
      if (paths.length === 0) return reply.status(404).send({ message: 'No such sitemap' });
      reply.header('cache-control', ONE_HOUR).type('application/xml; charset=utf-8');
      return xml(
        'urlset',
        paths.map((path) => `  <url><loc>${url(path)}</loc></url>`),
      );
    },
  );
}
