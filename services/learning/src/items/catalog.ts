import { CATALOG_INTERNAL, type CallerIdentity } from '@liveedu/contracts';
import { internalClient, type Static } from '@liveedu/service-kit';

/** What the catalog says of one item for one user. */
export type LearnerItem = Static<typeof CATALOG_INTERNAL.learnerItem.response>;

/** Asks the catalog about course items; null when there is no such course or item. */
export interface CatalogItems {
  item(who: CallerIdentity, courseId: string, itemId: string, requestId: string): Promise<LearnerItem | null>;
}

export function catalogItems(catalogUrl: string, internalSecret: string, timeoutMs = 5_000): CatalogItems {
  const catalog = internalClient(CATALOG_INTERNAL, {
    service: 'catalog',
    caller: 'learning',
    baseUrl: catalogUrl,
    internalSecret,
    timeoutMs,
  });
  return {
    async item(who, courseId, itemId, requestId) {
      const answer = await catalog.call(
        'learnerItem',
        { params: { courseId, itemId, userId: who.userId }, query: { role: who.role } },
        requestId,
      );
      return answer.ok ? answer.body : null;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalog's answers about items (installed by app.ts). */
    catalogItems: CatalogItems;
  }
}
