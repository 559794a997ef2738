import {
  badRequest,
  caller,
  errorResponses,
  forbidden,
  MessageReply,
  notFound,
  ObjectIdString,
  paging,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { courseToTalk } from '../members/access.ts';
import { postingLimit, tooManyPosts } from '../posts/posting-limit.ts';
import {
  Answer,
  presentAnswer,
  presentCard,
  presentQuestion,
  Question,
  QuestionInList,
} from '../posts/present.ts';
import { Body, CourseParams, QuestionParams, Title } from '../posts/schemas.ts';
import type { QuestionDoc } from '../posts/store.ts';
import { queryWords } from '../question-list/domain.ts';
import { viewerMarks } from '../votes/store.ts';
import { NO_QUESTION, questionToRead } from './access.ts';
import { askQuestion } from './asking.ts';
import { acceptAnswer, deleteQuestion, editQuestion, follow, threadAnswers } from './changing.ts';

const PAGE = 20;
const ListQuery = {
  itemId: Type.Optional(ObjectIdString),
  sort: Type.Optional(Type.Union([Type.Literal('newest'), Type.Literal('top'), Type.Literal('unanswered')])),
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
};

/** A question its viewer just changed, as they see it: with whether they upvoted it. */
async function presentToViewer(app: ServiceApp, question: QuestionDoc, viewerId: string) {
  const { upvoted } = await viewerMarks(app.db, viewerId, [question._id.toHexString()]);
  return presentQuestion(question, viewerId, { upvoted: upvoted.size > 0 });
}

/** A course's questions, and one question with its answers, for those who take part in the course. */
export async function questionReadingRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/courses/:courseId/questions',
    {
      preHandler: requireUser,
      schema: {
        summary:
          "A course's questions: newest, top or unanswered, one item's, or those matching `q` (best first)",
        params: CourseParams,
        ...paging.schema(
          { questions: Type.Array(QuestionInList) },
          { query: ListQuery, responses: errorResponses },
        ),
      },
    },
    async (request) => {
      const courseId = request.params.courseId.toLowerCase();
      const { who } = await courseToTalk(app, request, courseId);
      const page = paging.request(request.query, PAGE);
      const sort = request.query.sort ?? 'newest';
      const { cards, total } = await app.questionLists.list(courseId, {
        viewerId: who.userId,
        itemId: request.query.itemId?.toLowerCase(),
        sort,
        words: queryWords(request.query.q),
        skip: page.skip,
        limit: page.limit,
      });
      const ids = cards.map((card) => card.id);
      const marks = await viewerMarks(app.db, who.userId, ids, ids);
      return {
        questions: cards.map((card) =>
          presentCard(card, who.userId, marks.upvoted.has(card.id), marks.following.has(card.id)),
        ),
        ...paging.fields(total, page),
      };
    },
  );

  app.get(
    '/api/v1/questions/:questionId',
    {
      preHandler: requireUser,
      schema: {
        summary:
          'A question and its answers (the accepted one first, then the most upvoted, then the oldest)',
        params: QuestionParams,
        response: {
          200: Type.Object({ question: Question, answers: Type.Array(Answer) }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { question, who } = await questionToRead(app, request, request.params.questionId);
      const answers = await threadAnswers(app.db, question, who.userId);
      const ids = [question._id.toHexString(), ...answers.map((answer) => answer._id.toHexString())];
      const { upvoted } = await viewerMarks(app.db, who.userId, ids);
      return {
        question: presentQuestion(question, who.userId, { upvoted: upvoted.has(ids[0] as string) }),
        answers: answers.map((answer) =>
          presentAnswer(answer, question, who.userId, upvoted.has(answer._id.toHexString())),
        ),
      };
    },
  );
}

/** Asking a question in a course. */
export async function questionAskingRoutes(app: ServiceApp): Promise<void> {
  app.post(
    '/api/v1/courses/:courseId/questions',
    {
      preHandler: requireUser,
      ...postingLimit,
      schema: {
        summary: 'Ask a question in a course, perhaps about one of its items and a second of its video',
        params: CourseParams,
        body: Type.Object(
          {
            title: Title,
            body: Body,
            itemId: Type.Optional(ObjectIdString),
            atSec: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400 })),
          },
          { additionalProperties: false },
        ),
        response: { 201: Question, ...errorResponses, ...tooManyPosts },
      },
    },
    async (request, reply) => {
      const courseId = request.params.courseId.toLowerCase();
      const { who, member } = await courseToTalk(app, request, courseId);
      const itemId = request.body.itemId?.toLowerCase() ?? null;
      if (request.body.atSec !== undefined && !itemId)
        throw badRequest('A moment needs the item it is in (itemId)');
      if (itemId && !(await app.catalogMembers.hasItem(who, courseId, itemId, request.id))) {
        throw badRequest('This course has no such item');
      }
      const question = await askQuestion(app.db, app.outbox, who, member, {
        courseId,
        title: request.body.title,
        body: request.body.body,
        itemId,
        atSec: request.body.atSec ?? null,
      });
      return reply.status(201).send(presentQuestion(question, who.userId, { upvoted: false }));
    },
  );
}

/** Changing and deleting one's questions (the admin may delete any). */
export async function questionEditingRoutes(app: ServiceApp): Promise<void> {
  app.put(
    '/api/v1/questions/:questionId',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Change your question',
        params: QuestionParams,
        body: Type.Object(
          { title: Type.Optional(Title), body: Type.Optional(Body) },
          { additionalProperties: false },
        ),
        response: { 200: Question, ...errorResponses },
      },
    },
    async (request) => {
      const { question, who } = await questionToRead(app, request, request.params.questionId);
      if (question.authorId !== who.userId) throw notFound(NO_QUESTION);
      return presentToViewer(app, await editQuestion(app.db, question, request.body), who.userId);
    },
  );

  app.delete(
    '/api/v1/questions/:questionId',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Delete your question (the admin: any)',
        params: QuestionParams,
        response: { 200: MessageReply, ...errorResponses },
      },
    },
    async (request) => {
      const { question, who } = await questionToRead(app, request, request.params.questionId);
      if (question.authorId !== who.userId && who.role !== 'admin') throw notFound(NO_QUESTION);
      await deleteQuestion(app.db, question);
      return { message: 'Question deleted' };
    },
  );
}

/** Accepting an answer (the asker or the course's tutor) and following a question. */
export async function questionFollowingRoutes(app: ServiceApp): Promise<void> {
  app.put(
    '/api/v1/questions/:questionId/accepted',
    {
      preHandler: requireUser,
      schema: {
        summary: "Mark an answer as the accepted one (the asker or the course's tutor)",
        params: QuestionParams,
        body: Type.Object({ answerId: ObjectIdString }, { additionalProperties: false }),
        response: { 200: Question, ...errorResponses },
      },
    },
    async (request) => {
      const { question, who } = await questionToRead(app, request, request.params.questionId);
      const accepted = await acceptAnswer(
        app.db,
        app.outbox,
        question,
        who.userId,
        new ObjectId(request.body.answerId),
      );
      if (accepted === 'not-allowed')
        throw forbidden("Only the asker or the course's tutor can accept an answer");
      if (accepted === 'no-answer') throw notFound('Answer not found');
      return presentToViewer(app, accepted, who.userId);
    },
  );

  app.put(
    '/api/v1/questions/:questionId/follow',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Follow a question (be told of every answer) or stop following it',
        params: QuestionParams,
        body: Type.Object({ follow: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: Type.Object({ following: Type.Boolean() }), ...errorResponses },
      },
    },
    async (request) => {
      const { question } = await questionToRead(app, request, request.params.questionId);
      await follow(app.db, question._id, caller(request).userId, request.body.follow);
      return { following: request.body.follow };
    },
  );
}
