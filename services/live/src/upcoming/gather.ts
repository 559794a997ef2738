import type { CallerIdentity } from '@liveedu/contracts';
import type { Db } from 'mongodb';
import type { CatalogMembers } from '../members/catalog.ts';
import { comingSoonest } from '../sessions/domain.ts';
import { courseKey, type SessionDoc, scheduledSessions, tutorKey } from '../sessions/store.ts';

/**
 * A member's coming classes, soonest first (at most 50): those of the courses they are enrolled
 * in and those they host, neither ended nor cancelled. Read by key: the student's courses from
 * the catalog, then those courses' and the tutor's schedules.
 */
export async function upcomingFor(
  db: Db,
  catalog: CatalogMembers,
  who: Pick<CallerIdentity, 'userId'>,
  now: Date,
  requestId: string,
): Promise<SessionDoc[]> {
  const courseIds = await catalog.learnerCourses(who.userId, requestId);
  const sessions = await scheduledSessions(db, [tutorKey(who.userId), ...courseIds.map(courseKey)]);
  return comingSoonest(sessions, now);
}
