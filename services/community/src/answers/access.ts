import { notFound, type ServiceApp } from '@liveedu/service-kit';
import type { FastifyRequest } from 'fastify';
import { ObjectId } from 'mongodb';
import { visibleTo } from '../posts/domain.ts';
import { ANSWERS } from '../posts/store.ts';
import { questionToRead } from '../questions/access.ts';

export const NO_ANSWER = 'Answer not found';

/** The answer of the question in the path, as the caller may see it (404 otherwise). */
export async function answerToRead(
  app: ServiceApp,
  request: FastifyRequest,
  params: { questionId: string; answerId: string },
) {
  const { question, who } = await questionToRead(app, request, params.questionId);
  const answerId = new ObjectId(params.answerId);
  if (!question.answerIds.some((id) => id.equals(answerId))) throw notFound(NO_ANSWER);
  const answer = await ANSWERS.in(app.db).findOne({ _id: answerId });
  if (!answer || !visibleTo(answer, who.userId)) throw notFound(NO_ANSWER);
  return { question, answer, who };
}
