import type { CallerIdentity } from '@liveedu/contracts';
import { type CourseMember, catalogClient } from '@liveedu/service-kit';

export type { CourseMember };

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
  const catalog = catalogClient('live', { baseUrl: catalogUrl, internalSecret, timeoutMs });
  return {
    member: catalog.member,
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
