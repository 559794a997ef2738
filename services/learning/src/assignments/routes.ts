import {
  caller,
  errorResponses,
  FILE_KINDS,
  FilePart,
  forbidden,
  MessageReply,
  notFound,
  ObjectIdString,
  paging,
  requireUser,
  type ServiceApp,
  Type,
  WrittenText,
} from '@liveedu/service-kit';
import { itemToEdit, itemToLearn, itemToWrite } from '../items/access.ts';
import { ItemParams } from '../quizzes/schemas.ts';
import { ASSIGNMENT_LIMITS, STUDENTS_ONLY } from './domain.ts';
import { saveAssignment } from './editing.ts';
import { gradeSubmission } from './grading.ts';
import { handIn } from './handing-in.ts';
import { presentSubmission, Submission } from './present.ts';
import { ASSIGNMENTS, type AssignmentDoc, MAX_SUBMISSIONS_SHOWN, SUBMISSIONS } from './store.ts';

const FileType = Type.Union([
  Type.Literal('pdf'),
  Type.Literal('zip'),
  Type.Literal('png'),
  Type.Literal('jpg'),
  Type.Literal('txt'),
]);
const Assignment = Type.Object({
  courseId: Type.String(),
  itemId: Type.String(),
  brief: Type.String(),
  rubric: Type.String(),
  fileTypes: Type.Array(FileType),
  maxSizeMb: Type.Integer(),
  required: Type.Boolean(),
});
const NO_ASSIGNMENT = 'This item has no assignment yet';

const present = (doc: AssignmentDoc) => ({
  courseId: doc.courseId,
  itemId: doc.itemId,
  brief: doc.brief,
  rubric: doc.rubric,
  fileTypes: doc.fileTypes,
  maxSizeMb: doc.maxSizeMb,
  required: doc.required,
});

async function findAssignment(app: ServiceApp, courseId: string, itemId: string): Promise<AssignmentDoc> {
  const doc = await ASSIGNMENTS.in(app.db).findOne({ _id: `${courseId}:${itemId}` });
  if (!doc) throw notFound(NO_ASSIGNMENT);
  return doc;
}

/** The course's tutor writes an assignment item's brief and what it takes. */
export async function assignmentEditingRoutes(app: ServiceApp): Promise<void> {
  app.put(
    '/api/v1/courses/:courseId/items/:itemId/assignment',
    {
      preHandler: requireUser,
      schema: {
        summary:
          "Write an assignment item's brief, rubric and what a hand-in may be; only the course's tutor",
        params: ItemParams,
        body: Type.Object({
          brief: WrittenText(
            { max: ASSIGNMENT_LIMITS.brief },
            'An assignment needs a brief',
            `A brief must be at most ${ASSIGNMENT_LIMITS.brief} characters`,
          ),
          rubric: Type.Optional(Type.String({ maxLength: ASSIGNMENT_LIMITS.rubric })),
          fileTypes: Type.Array(FileType, { maxItems: FILE_KINDS.length, description: 'None: text only' }),
          maxSizeMb: Type.Integer({ minimum: 1, maximum: ASSIGNMENT_LIMITS.maxSizeMb }),
          required: Type.Boolean({ description: 'A certificate needs this assignment passed' }),
        }),
        response: { 200: Assignment, ...errorResponses, 409: MessageReply },
      },
    },
    async (request) => {
      const item = await itemToWrite(app, request, request.params, 'assignment');
      return present(await saveAssignment(app.db, app.outbox, item, request.body, request.id));
    },
  );

  app.get(
    '/api/v1/courses/:courseId/items/:itemId/assignment',
    {
      preHandler: requireUser,
      schema: {
        summary: "An assignment item's brief and rules, to edit; only the course's tutor",
        params: ItemParams,
        response: { 200: Assignment, ...errorResponses },
      },
    },
    async (request) => {
      await itemToEdit(app, request, request.params);
      return present(await findAssignment(app, request.params.courseId, request.params.itemId));
    },
  );
}

/** A learner reads the brief, hands in a file or text, and reads their hand-ins with the grades. */
export async function handInRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/assignments/:courseId/:itemId',
    {
      preHandler: requireUser,
      schema: {
        summary: "An assignment's brief, rubric and what a hand-in may be",
        params: ItemParams,
        response: { 200: Assignment, ...errorResponses },
      },
    },
    async (request) => {
      const item = await itemToLearn(app, request, request.params);
      return present(await findAssignment(app, item.courseId, item.itemId));
    },
  );

  app.post(
    '/api/v1/assignments/:courseId/:itemId/submissions',
    {
      preHandler: requireUser,
      schema: {
        summary:
          'Hand in an assignment: a `file` (judged by its bytes against the kinds it takes) and/or `text`; it replaces a pending hand-in',
        params: ItemParams,
        multipart: Type.Object({
          file: Type.Optional(FilePart('A pdf, zip, png, jpg or txt file, as the assignment allows')),
          text: Type.Optional(Type.String({ maxLength: ASSIGNMENT_LIMITS.text })),
        }),
        response: { 201: Submission, ...errorResponses, 413: MessageReply },
      },
    },
    async (request, reply) => {
      const item = await itemToLearn(app, request, request.params);
      if (item.access !== 'student') throw forbidden(STUDENTS_ONLY);
      const assignment = await findAssignment(app, item.courseId, item.itemId);
      const doc = await handIn(app.db, app.storage, { request, who: caller(request), item, assignment });
      return reply.status(201).send(await presentSubmission(app.storage, doc));
    },
  );

  app.get(
    '/api/v1/assignments/:courseId/:itemId/submissions/mine',
    {
      preHandler: requireUser,
      schema: {
        summary:
          'Your hand-ins of an assignment, newest first, with grades, feedback and links to your files',
        params: ItemParams,
        response: { 200: Type.Object({ submissions: Type.Array(Submission) }), ...errorResponses },
      },
    },
    async (request) => {
      const item = await itemToLearn(app, request, request.params);
      const mine = await SUBMISSIONS.in(app.db)
        .find({ studentId: caller(request).userId, courseId: item.courseId, itemId: item.itemId })
        .sort({ submittedAt: -1 })
        .limit(MAX_SUBMISSIONS_SHOWN)
        .toArray();
      return { submissions: await Promise.all(mine.map((doc) => presentSubmission(app.storage, doc))) };
    },
  );
}

/** A tutor's queue of hand-ins to grade, and grading one. */
export async function gradingRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/tutor/submissions',
    {
      preHandler: requireUser,
      schema: {
        summary: "Hand-ins of your courses' assignments, oldest pending first (or graded ones)",
        ...paging.schema(
          { submissions: Type.Array(Submission) },
          {
            query: {
              courseId: Type.Optional(ObjectIdString),
              status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('graded')])),
            },
            responses: { 401: MessageReply, 403: MessageReply },
          },
        ),
      },
    },
    async (request) => {
      const { courseId, status = 'pending' } = request.query;
      const filter = { tutorId: caller(request).userId, status, ...(courseId ? { courseId } : {}) };
      const page = paging.request(request.query);
      const sort = status === 'pending' ? { submittedAt: 1 } : { gradedAt: -1 };
      const found = await paging.find(SUBMISSIONS.in(app.db), filter, sort as never, page);
      return {
        submissions: await Promise.all(found.items.map((doc) => presentSubmission(app.storage, doc))),
        ...paging.fields(found.total, page),
      };
    },
  );

  app.put(
    '/api/v1/tutor/submissions/:submissionId',
    {
      preHandler: requireUser,
      schema: {
        summary: "Grade a hand-in of your course's assignment: a score, whether it passes, and feedback",
        params: Type.Object({ submissionId: ObjectIdString }),
        body: Type.Object({
          score: Type.Integer({ minimum: 0, maximum: 100 }),
          passed: Type.Boolean(),
          feedback: Type.String({ maxLength: ASSIGNMENT_LIMITS.feedback }),
        }),
        response: { 200: Submission, ...errorResponses },
      },
    },
    async (request) => {
      const graded = await gradeSubmission(app.db, app.outbox, {
        submissionId: request.params.submissionId,
        tutorId: caller(request).userId,
        ...request.body,
        feedback: request.body.feedback.trim(),
        requestId: request.id,
      });
      return presentSubmission(app.storage, graded);
    },
  );
}
