import type { CallerIdentity } from '@liveedu/contracts';
import { notFound, type ServiceApp } from '@liveedu/service-kit';
import type { FastifyRequest } from 'fastify';
import { ObjectId } from 'mongodb';
import { courseToTalk } from '../members/access.ts';
import type { CourseMember } from '../members/catalog.ts';
import { visibleTo } from '../posts/domain.ts';
import { QUESTIONS, type QuestionDoc } from '../posts/store.ts';

export const NO_QUESTION = 'Question not found';

/**
 * The question as the caller may see it: 404 when there is none or it is hidden from them, 403
 * when they do not take part in its course.
 */
export async function questionToRead(
  app: ServiceApp,
  request: FastifyRequest,
  questionId: string,
): Promise<{ question: QuestionDoc; who: CallerIdentity; member: CourseMember }> {
  const question = await QUESTIONS.in(app.db).findOne({ _id: new ObjectId(questionId) });
  if (!question) throw notFound(NO_QUESTION);
  const { who, member } = await courseToTalk(app, request, question.courseId);
  if (!visibleTo(question, who.userId)) throw notFound(NO_QUESTION);
  return { question, who, member };
}
