import type { CallerIdentity } from '@liveedu/contracts';
import { caller, forbidden, notFound, type ServiceApp } from '@liveedu/service-kit';
import type { FastifyRequest } from 'fastify';
import { findSession, type SessionDoc } from '../sessions/store.ts';
import type { CourseMember } from './catalog.ts';

export const NOT_A_MEMBER = "Only the course's students, its tutor and the admin can see its live classes";
export const NO_SESSION = 'Live class not found';

/** The caller and how they take part in the course: 404 for no such course. */
export async function courseMemberOf(
  app: ServiceApp,
  request: FastifyRequest,
  courseId: string,
): Promise<{ who: CallerIdentity; member: CourseMember }> {
  const who = caller(request);
  const member = await app.liveCatalog.member(who, courseId.toLowerCase(), request.id);
  if (!member) throw notFound('Course not found');
  return { who, member };
}

/** The course as one of its members sees it: 404 for no such course, 403 for anyone else. */
export async function courseToSee(app: ServiceApp, request: FastifyRequest, courseId: string) {
  const found = await courseMemberOf(app, request, courseId);
  if (found.member.access === 'none') throw forbidden(NOT_A_MEMBER);
  return found;
}

/** A class, its caller and how they take part in its course; `null` member when the course is gone. */
export async function sessionWithMember(
  app: ServiceApp,
  request: FastifyRequest,
  sessionId: string,
): Promise<{ who: CallerIdentity; session: SessionDoc; member: CourseMember | null }> {
  const who = caller(request);
  const session = await findSession(app.db, sessionId);
  if (!session) throw notFound(NO_SESSION);
  const member = await app.liveCatalog.member(who, session.courseId, request.id);
  return { who, session, member };
}

/** A class a member of its course asks about; anyone else is answered as if there were none. */
export async function sessionToSee(app: ServiceApp, request: FastifyRequest, sessionId: string) {
  const found = await sessionWithMember(app, request, sessionId);
  if (!found.member || found.member.access === 'none') throw notFound(NO_SESSION);
  return { ...found, member: found.member };
}

/** A class its course's tutor runs: other members 403, anyone else 404 as if none. */
export async function sessionToRun(
  app: ServiceApp,
  request: FastifyRequest,
  sessionId: string,
  doing: string,
) {
  const found = await sessionToSee(app, request, sessionId);
  if (found.member.tutorId !== found.who.userId) {
    throw forbidden(`Only the course's tutor can ${doing}`);
  }
  return found;
}
