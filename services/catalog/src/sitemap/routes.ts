import { CATALOG_INTERNAL, SITEMAP_PAGE_SIZE, type SitemapKind } from '@liveedu/contracts';
import { internalSchema, requireServiceToken, type ServiceApp } from '@liveedu/service-kit';
import { CATEGORIES } from '../categories/store.ts';

/** A page of `all`, and how many pages there are. */
const pageOf = (all: readonly string[], page: number) => ({
  keys: all.slice((page - 1) * SITEMAP_PAGE_SIZE, page * SITEMAP_PAGE_SIZE),
  pages: Math.ceil(all.length / SITEMAP_PAGE_SIZE),
});

/**
 * What the public pages are about, a page at a time, for the sitemap the gateway answers
 * (`CATALOG_INTERNAL.sitemap`): listed courses newest first, the tutors teaching them, and the
 * categories. Courses and tutors come from the in-process listing (ADR 6).
 */
export default async function sitemapRoutes(app: ServiceApp): Promise<void> {
  const { sitemap } = CATALOG_INTERNAL;
  const read: Record<SitemapKind, (page: number) => Promise<{ keys: string[]; pages: number }>> = {
    courses: async (page) => {
      const found = app.listing.newest({ page, limit: SITEMAP_PAGE_SIZE });
      return {
        keys: found.items.map((course) => course._id),
        pages: Math.ceil(found.total / SITEMAP_PAGE_SIZE),
      };
    },
    instructors: async (page) => pageOf(app.listing.teaching(), page),
    categories: async (page) => {
      const all = await CATEGORIES.in(app.db).find({}).sort({ position: 1 }).toArray();
      return pageOf(
        all.map((category) => category.title),
        page,
      );
    },
  };
  app.get(
    sitemap.path,
    { preHandler: requireServiceToken(app.config.internalSecret), schema: internalSchema(sitemap) },
    async (request) => read[request.params.kind](Number(request.query.page)),
  );
}
