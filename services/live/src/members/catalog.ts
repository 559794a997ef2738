import { CATALOG_INTERNAL, type CallerIdentity } from '@liveedu/contracts';
import { internalClient, type Static } from '@liveedu/service-kit';

/** How the catalog says a user takes part in a course. */
export type CourseMember = Static<typeof CATALOG_INTERNAL.courseMember.response>;

/** Asks the catalog who takes part in a course, and which courses a student has. */
export interface CatalogMembers {
  /** null: no such course (or one no longer listed that the user does not have). */
  member(who: CallerIdentity, courseId: string, requestId: string): Promise<CourseMember | null>;
  /** The courses the student is enrolled in, newest enrollment first. */
  learnerCourses(studentId: string, requestId: string): Promise<string[]>;
}

export function catalogMembers(
  catalogUrl: string,
  internalSecret: string,
  timeoutMs = 5_000,
): CatalogMembers {
  const catalog = internalClient(CATALOG_INTERNAL, {
    service: 'catalog',
    caller: 'live',
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
    async learnerCourses(studentId, requestId) {
      const answer = await catalog.call('learnerCourses', { params: { studentId } }, requestId);
      return answer.ok ? answer.body.courseIds : [];
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalog's answers about who takes part in a course (installed by app.ts). */
    liveCatalog: CatalogMembers;
  }
}
