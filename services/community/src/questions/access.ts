import type { CallerIdentity } from '@liveedu/contracts';
import { caller, notFound, type ServiceApp } from '@liveedu/service-kit';
import type { FastifyRequest } from 'fastify';
import { ObjectId } from 'mongodb';
import type { CourseMember } from '../members/catalog.ts';
import { visibleTo } from '../posts/domain.ts';
import { QUESTIONS, type QuestionDoc } from '../posts/store.ts';

export const NO_QUESTION = 'Question not found';

/**
 * The question as the caller may see it: 404 when there is none, when it is hidden from them, or
 * when they do not take part in its course (so that its id tells an outsider nothing).
 */
export async function questionToRead(
  app: ServiceApp,
  request: FastifyRequest,
  questionId: string,
): Promise<{ question: QuestionDoc; who: CallerIdentity; member: CourseMember }> {
  const question = await QUESTIONS.in(app.db).findOne({ _id: new ObjectId(questionId) });
  if (!question) throw notFound(NO_QUESTION);
  const who = caller(request);
  const member = await app.catalogMembers.member(who, question.courseId, request.id);
  if (!member || member.access === 'none' || !visibleTo(question, who.userId)) throw notFound(NO_QUESTION);
  return { question, who, member };
}
