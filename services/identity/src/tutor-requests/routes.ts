import {
  badRequest,
  caller,
  errorResponses,
  FilePart,
  HAS_TEXT,
  MessageReply,
  ObjectIdString,
  RuledString,
  receiveMultipart,
  requireRole,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { PageStatusField } from '../accounts/fields.ts';
import type { UserDoc } from '../accounts/store.ts';
import { identitySettings } from '../config.ts';
import { DECISION_OPTIONS, type DecisionOption, LINK_RULE, ytLinkProblem } from './domain.ts';
import { applicants, applyAsTutor, decideApplication, RESUMES } from './store.ts';

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

const me = (request: Parameters<typeof caller>[0]) => new ObjectId(caller(request).userId);

/** Applying to become a tutor, with a resume image or a channel link. */
export async function applicationRoutes(app: ServiceApp): Promise<void> {
  const resumeMaxBytes = identitySettings.of(app).RESUME_MAX_BYTES;

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
        await applyAsTutor(app, me(request), { resumeKey: file.key }, request.id);
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
      await applyAsTutor(app, me(request), { ytLink }, request.id);
      return reply.status(201).send({ message: SUBMITTED });
    },
  );
}

/** An application as the admin sees it, with a short-lived link to the resume. */
const presentApplication = async (app: ServiceApp, user: UserDoc) => ({
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
});

/** The admin's side: every application, and the decision on one. */
export async function applicationReviewRoutes(app: ServiceApp): Promise<void> {
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
      const data = await Promise.all((await applicants(app.db)).map((user) => presentApplication(app, user)));
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
      await decideApplication(app, new ObjectId(id), option, request.id);
      const done: Record<DecisionOption, string> = {
        accept: 'Tutor request accepted',
        reject: 'Tutor request rejected',
        'in progress': 'Tutor request set to in progress',
      };
      return { message: done[option] };
    },
  );
}
