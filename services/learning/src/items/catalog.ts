import type { CallerIdentity } from '@liveedu/contracts';
import { catalogClient, type LearnerItem } from '@liveedu/service-kit';

export type { LearnerItem };

/** Asks the catalog about course items; null when there is no such course or item. */
export interface CatalogItems {
  item(who: CallerIdentity, courseId: string, itemId: string, requestId: string): Promise<LearnerItem | null>;
}

export function catalogItems(catalogUrl: string, internalSecret: string, timeoutMs = 5_000): CatalogItems {
  const catalog = catalogClient('learning', { baseUrl: catalogUrl, internalSecret, timeoutMs });
  return { item: catalog.item };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalog's answers about items (installed by app.ts). */
    catalogItems: CatalogItems;
  }
}
