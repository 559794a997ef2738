import { badRequest, errorResponses, requireUser, type ServiceApp, Type } from '@liveedu/service-kit';
import { answerToRead } from '../answers/access.ts';
import { AnswerParams, QuestionParams } from '../posts/schemas.ts';
import { ANSWERS, QUESTIONS } from '../posts/store.ts';
import { markChanged } from '../question-list/store.ts';
import { questionToRead } from '../questions/access.ts';
import { toggleVote } from './store.ts';

const Voted = Type.Object({ upvoted: Type.Boolean(), upvotes: Type.Integer() });
const OWN_POST = 'You cannot upvote your own post';

/** Upvoting a question or an answer: once per user; a second click takes the upvote back. */
export async function voteRoutes(app: ServiceApp): Promise<void> {
  app.post(
    '/api/v1/questions/:questionId/upvote',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Upvote a question, or take your upvote back',
        params: QuestionParams,
        response: { 200: Voted, ...errorResponses },
      },
    },
    async (request) => {
      const { question, who } = await questionToRead(app, request, request.params.questionId);
      if (question.authorId === who.userId) throw badRequest(OWN_POST);
      const voted = await toggleVote(app.db, QUESTIONS.collection, question._id, who.userId);
      await markChanged(app.db, question.courseId, question._id.toHexString());
      return voted;
    },
  );

  app.post(
    '/api/v1/questions/:questionId/answers/:answerId/upvote',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Upvote an answer, or take your upvote back',
        params: AnswerParams,
        response: { 200: Voted, ...errorResponses },
      },
    },
    async (request) => {
      const { answer, who } = await answerToRead(app, request, request.params);
      if (answer.authorId === who.userId) throw badRequest(OWN_POST);
      return toggleVote(app.db, ANSWERS.collection, answer._id, who.userId);
    },
  );
}
