import { CATALOG_INTERNAL, type CallerIdentity } from '@liveedu/contracts';
import type { Static } from 'typebox';
import {
  type InternalAnswer,
  type InternalClient,
  type InternalInput,
  internalClient,
} from './internal-client.ts';

type Catalog = typeof CATALOG_INTERNAL;
/** Who asks: the catalog answers for this user in this role. */
type Asker = Pick<CallerIdentity, 'userId' | 'role'>;

/** How the catalog says a user takes part in a course. */
export type CourseMember = Static<Catalog['courseMember']['response']>;

/** What the catalog says of one course item for one user. */
export type LearnerItem = Static<Catalog['learnerItem']['response']>;

/** The catalog's internal calls, with the questions more than one service asks said once. */
export interface CatalogClient extends InternalClient<Catalog> {
  /** How the user takes part in the course; null: no such course (or one no longer listed that the user does not have). */
  member(who: Asker, courseId: string, requestId: string): Promise<CourseMember | null>;
  /** What the catalog says of the item for the user; null: no such course or item. */
  item(who: Asker, courseId: string, itemId: string, requestId: string): Promise<LearnerItem | null>;
}

/** The typed client of the catalog's internal calls, as the `caller` service makes them. */
export function catalogClient(
  caller: string,
  opts: { baseUrl: string | undefined; internalSecret: string; timeoutMs?: number },
): CatalogClient {
  const catalog = internalClient(CATALOG_INTERNAL, { service: 'catalog', caller, ...opts });
  /** The answer's body; null for a status the call declares (the catalog's "no such …"). */
  const found = async <K extends keyof Catalog & string>(
    name: K,
    input: InternalInput<Catalog[K]>,
    requestId: string,
  ) => {
    const answer: InternalAnswer<Catalog[K]> = await catalog.call(name, input, requestId);
    return answer.ok ? answer.body : null;
  };
  return {
    call: catalog.call,
    member: (who, courseId, requestId) =>
      found(
        'courseMember',
        { params: { courseId, userId: who.userId }, query: { role: who.role } },
        requestId,
      ),
    item: (who, courseId, itemId, requestId) =>
      found(
        'learnerItem',
        { params: { courseId, itemId, userId: who.userId }, query: { role: who.role } },
        requestId,
      ),
  };
}
