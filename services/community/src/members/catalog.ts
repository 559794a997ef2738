import type { CallerIdentity } from '@liveedu/contracts';
import { type CourseMember, catalogClient } from '@liveedu/service-kit';

export type { CourseMember };

/** Asks the catalog who takes part in a course, and whether an item is the course's. */
export interface CatalogMembers {
  /** null: no such course (or one no longer listed that the user does not have). */
  member(who: CallerIdentity, courseId: string, requestId: string): Promise<CourseMember | null>;
  /** Whether the item is one of the course's. */
  hasItem(who: CallerIdentity, courseId: string, itemId: string, requestId: string): Promise<boolean>;
}

export function catalogMembers(
  catalogUrl: string,
  internalSecret: string,
  timeoutMs = 5_000,
): CatalogMembers {
  const catalog = catalogClient('community', { baseUrl: catalogUrl, internalSecret, timeoutMs });
  return {
    member: catalog.member,
    hasItem: async (who, courseId, itemId, requestId) =>
      (await catalog.item(who, courseId, itemId, requestId)) !== null,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalog's answers about who takes part in a course (installed by app.ts). */
    catalogMembers: CatalogMembers;
  }
}
