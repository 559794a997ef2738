import {
  errorResponses,
  MessageReply,
  notFound,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { postingLimit, tooManyPosts } from '../posts/posting-limit.ts';
import { Answer, presentAnswer } from '../posts/present.ts';
import { AnswerParams, Body, QuestionParams } from '../posts/schemas.ts';
import { questionToRead } from '../questions/access.ts';
import { viewerMarks } from '../votes/store.ts';
import { answerToRead, NO_ANSWER } from './access.ts';
import { deleteAnswer, editAnswer, postAnswer } from './posting.ts';

/** Answering a question, and changing or deleting one's answers. */
export async function answerRoutes(app: ServiceApp): Promise<void> {
  app.post(
    '/api/v1/questions/:questionId/answers',
    {
      preHandler: requireUser,
      ...postingLimit,
      schema: {
        summary: "Answer a question (the course's tutor's answers are marked as the instructor's)",
        params: QuestionParams,
        body: Type.Object({ body: Body }, { additionalProperties: false }),
        response: { 201: Answer, ...errorResponses, ...tooManyPosts },
      },
    },
    async (request, reply) => {
      const { question, who } = await questionToRead(app, request, request.params.questionId);
      const answer = await postAnswer(app.db, app.outbox, who, question, request.body.body);
      return reply.status(201).send(presentAnswer(answer, question, who.userId, false));
    },
  );

  app.put(
    '/api/v1/questions/:questionId/answers/:answerId',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Change your answer',
        params: AnswerParams,
        body: Type.Object({ body: Body }, { additionalProperties: false }),
        response: { 200: Answer, ...errorResponses },
      },
    },
    async (request) => {
      const { question, answer, who } = await answerToRead(app, request, request.params);
      if (answer.authorId !== who.userId) throw notFound(NO_ANSWER);
      const changed = await editAnswer(app.db, answer, request.body.body);
      const { upvoted } = await viewerMarks(app.db, who.userId, [answer._id.toHexString()]);
      return presentAnswer(changed, question, who.userId, upvoted.size > 0);
    },
  );

  app.delete(
    '/api/v1/questions/:questionId/answers/:answerId',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Delete your answer (the admin: any)',
        params: AnswerParams,
        response: { 200: MessageReply, ...errorResponses },
      },
    },
    async (request) => {
      const { question, answer, who } = await answerToRead(app, request, request.params);
      if (answer.authorId !== who.userId && who.role !== 'admin') throw notFound(NO_ANSWER);
      await deleteAnswer(app.db, question, answer);
      return { message: 'Answer deleted' };
    },
  );
}
