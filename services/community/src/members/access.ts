import type { CallerIdentity } from '@liveedu/contracts';
import { caller, forbidden, notFound, type ServiceApp } from '@liveedu/service-kit';
import type { FastifyRequest } from 'fastify';
import type { CourseMember } from './catalog.ts';

export const NOT_A_MEMBER =
  'Only the students of this course, its tutor and the admin can take part in its questions';

/** The course as the caller takes part in it: 404 for no such course, 403 for one they have not bought. */
export async function courseToTalk(
  app: ServiceApp,
  request: FastifyRequest,
  courseId: string,
): Promise<{ who: CallerIdentity; member: CourseMember & { access: 'student' | 'tutor' | 'admin' } }> {
  const who = caller(request);
  const member = await app.catalogMembers.member(who, courseId.toLowerCase(), request.id);
  if (!member) throw notFound('Course not found');
  if (member.access === 'none') throw forbidden(NOT_A_MEMBER);
  return { who, member: member as CourseMember & { access: 'student' | 'tutor' | 'admin' } };
}
