import {
  badRequest,
  caller,
  conflict,
  errorResponses,
  FilePart,
  HAS_TEXT,
  HttpError,
  MessageReply,
  ObjectIdString,
  RuledString,
  receiveMultipart,
  requireRole,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import type { FastifyRequest } from 'fastify';
import { ObjectId } from 'mongodb';
import {
  applicationRefusal,
  DECISION_OPTIONS,
  type DecisionOption,
  LINK_RULE,
  ytLinkProblem,
} from '../../domain/tutor-application.ts';
import type { UserDoc } from '../../domain/user.ts';
import { identitySettings } from '../../settings.ts';
import { changeUser, LIVE, usersOf } from '../../users.ts';
import { PageStatusField } from '../fields.ts';

export const RESUMES = 'resumes';
/** How long the admin's link to a private resume works. */
const RESUME_LINK_SECONDS = 10 * 60;
const FILL_ONE = 'Please fill atleast one field';
/** An http(s) address with a host name, as a URL parser reads it (white space around allowed). */
const LINK_PATTERN = '^\\s*[Hh][Tt][Tt][Pp][Ss]?://[A-Za-z0-9.-]+(:[0-9]{1,4})?([/?#][^\\s]*)?\\s*$';
const SUBMITTED = 'Your application to become a tutor has been submitted';

const TutorRequest = Type.Object({
  _id: Type.String(),
  user: Type.Object({
    _id: Type.String(),
    avatar: Type.String(),
    username: Type.String(),
    email: Type.String(),
    stausOfPage: PageStatusField,
  }),
  ytLink: Type.Optional(Type.String()),
  resume: Type.Optional(Type.String()),
});

export default async function tutorRequestRoutes(app: ServiceApp): Promise<void> {
  const users = usersOf(app.db);
  const resumeMaxBytes = identitySettings.of(app).RESUME_MAX_BYTES;

  /** Records an application if the caller may apply now; the check and the write are one. */
  async function apply(request: FastifyRequest, application: { ytLink?: string; resumeKey?: string }) {
    const id = new ObjectId(caller(request).userId);
    const { before } = await changeUser(
      app,
      id,
      (user) => {
        const refusal = applicationRefusal(user, new Date());
        if (refusal) throw new HttpError(refusal.status, refusal.message);
        const unset: Array<keyof UserDoc> = ['decidedAt'];
        if (!application.ytLink) unset.push('ytLink');
        if (!application.resumeKey) unset.push('resumeKey');
        return {
          set: { ...application, appliedAt: new Date(), stausOfPage: 'in progress' },
          unset,
          changed: ['stausOfPage'],
        };
      },
      { requestId: request.id },
    );
    if (before.resumeKey && before.resumeKey !== application.resumeKey) {
      await app.storage.remove(RESUMES, before.resumeKey).catch(() => {});
    }
  }

  app.post(
    '/api/v1/tutor-request',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Apply to become a tutor with a resume image (multipart field `file`)',
        multipart: Type.Object({ file: FilePart('Your resume: a png, jpeg or webp image') }),
        response: { 201: MessageReply, 409: MessageReply, 413: MessageReply, ...errorResponses },
      },
    },
    async (request, reply) => {
      const upload = await receiveMultipart(
        request,
        app.storage,
        {
          file: {
            bucket: RESUMES,
            accept: ['png', 'jpeg', 'webp'],
            wrongTypeMessage: 'Please upload your resume as a png, jpeg or webp image',
          },
        },
        { fileSize: resumeMaxBytes },
      );
      const file = upload.files.file;
      if (!file) throw badRequest(FILL_ONE);
      try {
        await apply(request, { resumeKey: file.key });
      } catch (error) {
        await upload.discard();
        throw error;
      }
      return reply.status(201).send({ message: SUBMITTED });
    },
  );

  app.post(
    '/api/v1/tutor-request-ytlink',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Apply to become a tutor with a YouTube channel link',
        body: Type.Object(
          {
            ytLink: RuledString([
              { minLength: 1, pattern: HAS_TEXT, message: FILL_ONE },
              { maxLength: 2000, message: 'The link is too long' },
              { pattern: LINK_PATTERN, message: LINK_RULE },
            ]),
          },
          { errorMessage: { required: FILL_ONE } },
        ),
        response: { 201: MessageReply, 409: MessageReply, ...errorResponses },
      },
    },
    async (request, reply) => {
      const ytLink = request.body.ytLink.trim();
      const problem = ytLinkProblem(ytLink);
      if (problem) throw badRequest(problem);
      await apply(request, { ytLink });
      return reply.status(201).send({ message: SUBMITTED });
    },
  );

  app.get(
    '/api/v1/getTutorRequests',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary: 'Every tutor application, newest first, with short-lived links to resumes',
        response: { 200: Type.Object({ data: Type.Array(TutorRequest) }), ...errorResponses },
      },
    },
    async () => {
      const applicants = await users
        .find({ appliedAt: { $exists: true }, ...LIVE })
        .sort({ appliedAt: -1 })
        .toArray();
      const data = await Promise.all(
        applicants.map(async (user) => ({
          _id: user._id.toHexString(),
          user: {
            _id: user._id.toHexString(),
            avatar: user.avatar,
            username: user.username,
            email: user.email,
            stausOfPage: user.stausOfPage,
          },
          ...(user.ytLink ? { ytLink: user.ytLink } : {}),
          ...(user.resumeKey
            ? { resume: await app.storage.presignedGet(RESUMES, user.resumeKey, RESUME_LINK_SECONDS) }
            : {}),
        })),
      );
      return { data };
    },
  );

  app.put(
    '/api/v1/acceptTutorRequest',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary: 'Decide a tutor application: in progress, accept (the user becomes a tutor) or reject',
        body: Type.Object({
          option: Type.String({
            enum: [...DECISION_OPTIONS],
            errorMessage: 'Status must be one of in progress, accept or reject',
          }),
          id: ObjectIdString,
        }),
        response: { 200: MessageReply, 409: MessageReply, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.body;
      const option = request.body.option as DecisionOption;
      if (!DECISION_OPTIONS.includes(option)) {
        throw badRequest('Status must be one of in progress, accept or reject');
      }
      await changeUser(
        app,
        new ObjectId(id),
        (user) => {
          if (!user.appliedAt) throw new HttpError(404, 'Tutor request not found');
          if (user.stausOfPage === option) return {};
          // A tutor may already have courses and students; an approval is not taken back here.
          if (user.stausOfPage === 'accept' || user.role === 'tutor') {
            throw conflict('This application was accepted and the user is already a tutor');
          }
          if (option === 'accept') {
            return {
              set: { stausOfPage: 'accept', role: 'tutor', decidedAt: new Date() },
              changed: ['stausOfPage', 'role'],
            };
          }
          if (option === 'reject') {
            return { set: { stausOfPage: 'reject', decidedAt: new Date() }, changed: ['stausOfPage'] };
          }
          return { set: { stausOfPage: 'in progress' }, unset: ['decidedAt'], changed: ['stausOfPage'] };
        },
        { requestId: request.id, missing: 'Tutor request not found' },
      );
      const done: Record<DecisionOption, string> = {
        accept: 'Tutor request accepted',
        reject: 'Tutor request rejected',
        'in progress': 'Tutor request set to in progress',
      };
      return { message: done[option] };
    },
  );
}
