import {
  badRequest,
  conflict,
  errorResponses,
  MessageReply,
  notFound,
  ObjectIdString,
  paging,
  requireRole,
  requireUser,
  type ServiceApp,
  Type,
  WrittenText,
} from '@liveedu/service-kit';
import type { FastifyRequest } from 'fastify';
import { ObjectId } from 'mongodb';
import { answerToRead } from '../answers/access.ts';
import { authorOf, excerptOf } from '../posts/domain.ts';
import { postingLimit, tooManyPosts } from '../posts/posting-limit.ts';
import { Author } from '../posts/present.ts';
import { ANSWERS } from '../posts/store.ts';
import { questionToRead } from '../questions/access.ts';
import { fileReport, REPORTS, type ReportDoc, setHidden } from './store.ts';

const Reason = WrittenText({ min: 3, max: 500 }, 'Say why in 3 to 500 characters');

const Report = Type.Object({
  _id: Type.String(),
  kind: Type.Union([Type.Literal('question'), Type.Literal('answer')]),
  questionId: Type.String(),
  answerId: Type.Union([Type.String(), Type.Null()]),
  courseId: Type.String(),
  title: Type.String(),
  excerpt: Type.String(),
  author: Author,
  reasons: Type.Array(Type.Object({ reason: Type.String(), reporterId: Type.String(), at: Type.String() })),
  status: Type.Union([Type.Literal('open'), Type.Literal('hidden'), Type.Literal('dismissed')]),
  createdAt: Type.String(),
});

const present = (report: ReportDoc) => ({
  _id: report._id.toHexString(),
  kind: report.kind,
  questionId: report.questionId.toHexString(),
  answerId: report.answerId?.toHexString() ?? null,
  courseId: report.courseId,
  title: report.title,
  excerpt: report.excerpt,
  author: authorOf(report),
  reasons: report.reasons.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
  status: report.status,
  createdAt: report.createdAt.toISOString(),
});

/** What is reported, as the reporter may see it: a question, or an answer and its question. */
async function reportedPost(
  app: ServiceApp,
  request: FastifyRequest,
  body: { questionId?: string; answerId?: string },
) {
  if (body.answerId) {
    const answer = await ANSWERS.in(app.db).findOne(
      { _id: new ObjectId(body.answerId) },
      { projection: { questionId: 1 } },
    );
    if (!answer) throw notFound('Answer not found');
    const found = await answerToRead(app, request, {
      questionId: answer.questionId.toHexString(),
      answerId: body.answerId,
    });
    const post = found.answer;
    return {
      who: found.who,
      report: {
        _id: post._id,
        kind: 'answer' as const,
        questionId: found.question._id,
        answerId: post._id,
        courseId: post.courseId,
        title: found.question.title,
        excerpt: excerptOf(post.body),
        authorId: post.authorId,
        authorName: post.authorName,
        byInstructor: post.byInstructor,
      },
    };
  }
  const { question, who } = await questionToRead(app, request, body.questionId as string);
  return {
    who,
    report: {
      _id: question._id,
      kind: 'question' as const,
      questionId: question._id,
      answerId: null,
      courseId: question.courseId,
      title: question.title,
      excerpt: question.excerpt,
      authorId: question.authorId,
      authorName: question.authorName,
      byInstructor: question.byInstructor,
    },
  };
}

/** Reporting a post to the admin. */
export async function reportRoutes(app: ServiceApp): Promise<void> {
  app.post(
    '/api/v1/reports',
    {
      preHandler: requireUser,
      ...postingLimit,
      schema: {
        summary: 'Report a question or an answer to the admin (once per post)',
        body: Type.Object(
          {
            questionId: Type.Optional(ObjectIdString),
            answerId: Type.Optional(ObjectIdString),
            reason: Reason,
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({ _id: Type.String(), status: Type.Literal('open') }),
          ...errorResponses,
          409: MessageReply,
          ...tooManyPosts,
        },
      },
    },
    async (request, reply) => {
      if (Boolean(request.body.questionId) === Boolean(request.body.answerId)) {
        throw badRequest('Report either a question (questionId) or an answer (answerId)');
      }
      const { who, report } = await reportedPost(app, request, request.body);
      if (!(await fileReport(app.db, report, who.userId, request.body.reason.trim()))) {
        throw conflict('You reported this already');
      }
      return reply.status(201).send({ _id: report._id.toHexString(), status: 'open' as const });
    },
  );
}

/** The admin's list of reports and their decision on each. */
export async function moderationRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/admin/reports',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary: 'Reports waiting for a decision (open), or those decided (closed), newest first',
        ...paging.schema(
          { reports: Type.Array(Report) },
          {
            query: { status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('closed')])) },
            responses: errorResponses,
          },
        ),
      },
    },
    async (request) => {
      const page = paging.request(request.query, 20);
      const filter =
        request.query.status === 'closed'
          ? { status: { $in: ['hidden', 'dismissed'] as ReportDoc['status'][] } }
          : { status: 'open' as const };
      const { items, total } = await paging.find(
        REPORTS.in(app.db),
        filter,
        { updatedAt: -1, _id: -1 },
        page,
      );
      return { reports: items.map(present), ...paging.fields(total, page) };
    },
  );

  app.put(
    '/api/v1/admin/reports/:reportId',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary:
          'Hide the reported post from everyone but its author, or dismiss the report (showing the post again)',
        params: Type.Object({ reportId: ObjectIdString }),
        body: Type.Object(
          { action: Type.Union([Type.Literal('hide'), Type.Literal('dismiss')]) },
          { additionalProperties: false },
        ),
        response: { 200: Report, ...errorResponses },
      },
    },
    async (request) => {
      const _id = new ObjectId(request.params.reportId);
      const report = await REPORTS.in(app.db).findOne({ _id });
      if (!report) throw notFound('Report not found');
      const hide = request.body.action === 'hide';
      await setHidden(app.db, report, hide);
      const after = await REPORTS.in(app.db).findOneAndUpdate(
        { _id },
        { $set: { status: hide ? 'hidden' : 'dismissed', updatedAt: new Date() } },
        { returnDocument: 'after' },
      );
      return present(after ?? report);
    },
  );
}
