import { CATALOG_INTERNAL, type CallerIdentity } from '@liveedu/contracts';
import { internalClient, type Static } from '@liveedu/service-kit';

/** How the catalog says a user takes part in a course. */
export type CourseMember = Static<typeof CATALOG_INTERNAL.courseMember.response>;

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
  const catalog = internalClient(CATALOG_INTERNAL, {
    service: 'catalog',
    caller: 'community',
    baseUrl: catalogUrl,
    internalSecret,
    timeoutMs,
  });
  return {
    async member(who, courseId, requestId) {
      const answer = await catalog.call(
        'courseMember',
        { params: { courseId, userId: who.userId }, query: { role: who.role } },
        requestId,
      );
      return answer.ok ? answer.body : null;
    },
    async hasItem(who, courseId, itemId, requestId) {
      const answer = await catalog.call(
        'learnerItem',
        { params: { courseId, itemId, userId: who.userId }, query: { role: who.role } },
        requestId,
      );
      return answer.ok;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalog's answers about who takes part in a course (installed by app.ts). */
    catalogMembers: CatalogMembers;
  }
}
