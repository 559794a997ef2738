import {
  badRequest,
  conflict,
  errorResponses,
  forbidden,
  MessageReply,
  ObjectIdString,
  paging,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import type { FastifyRequest } from 'fastify';
import { courseMemberOf, courseToSee, sessionToRun, sessionToSee } from '../members/access.ts';
import { planReminders } from '../reminders/store.ts';
import { changeProblem, inListOrder, liveStatusOf, SESSIONS_PAGE, startProblem } from './domain.ts';
import { presentSession, Session } from './present.ts';
import { CourseParams, SessionBody, SessionParams } from './schemas.ts';
import {
  cancelSession,
  courseKey,
  findSession,
  rescheduleSession,
  type SessionDoc,
  type SessionInput,
  scheduledSessions,
  scheduleSession,
  setRecording,
} from './store.ts';

const withConflict = { ...errorResponses, 409: MessageReply };

/** The body as stored, once its start time is checked against `now` (400 with the reason). */
function inputOf(
  body: { title: string; startsAt: string; durationMin: number; description?: string },
  now: Date,
): SessionInput {
  const startsAt = new Date(body.startsAt);
  const problem = startProblem(startsAt, now);
  if (problem) throw badRequest(problem);
  return {
    title: body.title.trim(),
    startsAt,
    durationMin: body.durationMin,
    description: (body.description ?? '').trim(),
  };
}

/**
 * The class its tutor changes or cancels, when it still may be (409 with the reason otherwise),
 * and the moment that was checked at.
 */
async function sessionToChange(
  app: ServiceApp,
  request: FastifyRequest,
  sessionId: string,
  change: 'update' | 'cancel',
): Promise<{ session: SessionDoc; now: Date }> {
  const doing = change === 'update' ? 'change its live classes' : 'cancel its live classes';
  const { session } = await sessionToRun(app, request, sessionId, doing);
  const now = new Date();
  const refused = changeProblem(session, now, change);
  if (refused) throw conflict(refused);
  return { session, now };
}

/** A change that found the class changed meanwhile: 409 with why the class refuses it now, or `otherwise`. */
async function changedMeanwhile(
  app: ServiceApp,
  sessionId: string,
  now: Date,
  change: 'update' | 'cancel',
  otherwise: string,
): Promise<never> {
  const current = await findSession(app.db, sessionId);
  throw conflict((current && changeProblem(current, now, change)) ?? otherwise);
}

/** A course's tutor schedules its live classes; its members list them. */
export async function courseSessionRoutes(app: ServiceApp): Promise<void> {
  app.post(
    '/api/v1/courses/:courseId/live-sessions',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Schedule a live class of the course (its tutor); its students are told',
        params: CourseParams,
        body: SessionBody,
        response: { 201: Type.Object({ session: Session }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const courseId = request.params.courseId.toLowerCase();
      const { who, member } = await courseMemberOf(app, request, courseId);
      if (member.tutorId !== who.userId)
        throw forbidden("Only the course's tutor can schedule its live classes");
      const now = new Date();
      const input = inputOf(request.body, now);
      const doc = await scheduleSession(
        app.db,
        app.outbox,
        who,
        { courseId, courseTitle: member.courseTitle },
        input,
        now,
      );
      await planReminders(app.db, doc);
      return reply.status(201).send({ session: presentSession(doc, now) });
    },
  );

  app.get(
    '/api/v1/courses/:courseId/live-sessions',
    {
      preHandler: requireUser,
      schema: {
        summary:
          "A course's live classes (not the cancelled ones): coming ones soonest first, then ended ones newest first",
        params: CourseParams,
        ...paging.schema({ sessions: Type.Array(Session) }, { responses: errorResponses }),
      },
    },
    async (request) => {
      const courseId = request.params.courseId.toLowerCase();
      await courseToSee(app, request, courseId);
      const now = new Date();
      const page = paging.request(request.query, SESSIONS_PAGE);
      const ordered = inListOrder(await scheduledSessions(app.db, [courseKey(courseId)]), now);
      return {
        sessions: ordered.slice(page.skip, page.skip + page.limit).map((doc) => presentSession(doc, now)),
        ...paging.fields(ordered.length, page),
      };
    },
  );
}

/** One class, read by its course's members. */
export async function sessionReadingRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/live-sessions/:sessionId',
    {
      preHandler: requireUser,
      schema: {
        summary: "A live class, to its course's students, its tutor and the admin",
        params: SessionParams,
        response: { 200: Type.Object({ session: Session }), ...errorResponses },
      },
    },
    async (request) => {
      const { session } = await sessionToSee(app, request, request.params.sessionId);
      return { session: presentSession(session, new Date()) };
    },
  );
}

/** The course's tutor changes or cancels a class that has not ended. */
export async function sessionChangingRoutes(app: ServiceApp): Promise<void> {
  app.put(
    '/api/v1/live-sessions/:sessionId',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Change a live class that has not ended (its tutor); its students are told',
        params: SessionParams,
        body: SessionBody,
        response: { 200: Type.Object({ session: Session }), ...withConflict },
      },
    },
    async (request) => {
      const { sessionId } = request.params;
      const { session, now } = await sessionToChange(app, request, sessionId, 'update');
      const changed = await rescheduleSession(app.outbox, session, inputOf(request.body, now), now);
      if (!changed) {
        return changedMeanwhile(
          app,
          sessionId,
          now,
          'update',
          'This live class was changed meanwhile: reload it and try again',
        );
      }
      await planReminders(app.db, changed);
      return { session: presentSession(changed, now) };
    },
  );

  app.delete(
    '/api/v1/live-sessions/:sessionId',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Cancel a live class that has not ended (its tutor); its students are told',
        params: SessionParams,
        response: { 200: MessageReply, ...withConflict },
      },
    },
    async (request) => {
      const { sessionId } = request.params;
      const { session, now } = await sessionToChange(app, request, sessionId, 'cancel');
      if (!(await cancelSession(app.db, app.outbox, session, now))) {
        return changedMeanwhile(app, sessionId, now, 'cancel', 'This live class was cancelled');
      }
      await planReminders(app.db, { ...session, cancelledAt: now });
      return { message: 'Live session cancelled' };
    },
  );
}

/** The course's tutor names the lecture made from a class's recording. */
export async function recordingRoutes(app: ServiceApp): Promise<void> {
  app.put(
    '/api/v1/live-sessions/:sessionId/recording',
    {
      preHandler: requireUser,
      schema: {
        summary: "Name the lecture made from a live class's recording (its tutor, once it has started)",
        params: SessionParams,
        body: Type.Object(
          { videoId: ObjectIdString, itemId: ObjectIdString },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ session: Session }), ...withConflict },
      },
    },
    async (request) => {
      const { session } = await sessionToRun(app, request, request.params.sessionId, 'add its recordings');
      const now = new Date();
      if (session.cancelledAt) throw conflict('This live class was cancelled');
      if (now.getTime() < session.startsAt.getTime()) throw conflict('This live class has not started yet');
      const recording = {
        videoId: request.body.videoId.toLowerCase(),
        itemId: request.body.itemId.toLowerCase(),
      };
      return { session: presentSession(await setRecording(app.db, session, recording, now), now) };
    },
  );
}

/** Public: the course page's badge, whether a class is live now and when the next one starts. */
export async function liveStatusRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/courses/:courseId/live-status',
    {
      schema: {
        summary: "Whether a course is live now and when its next live class starts (the course page's badge)",
        params: CourseParams,
        response: {
          200: Type.Object({
            live: Type.Boolean(),
            sessionId: Type.Union([Type.String(), Type.Null()], {
              description: 'The class live now, else the next one',
            }),
            nextStartsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
          }),
          400: MessageReply,
        },
      },
    },
    async (request, reply) => {
      const courseId = request.params.courseId.toLowerCase();
      const sessions = await scheduledSessions(app.db, [courseKey(courseId)]);
      const now = new Date();
      // Shared caches may keep it briefly: the page moves the badge on with its own clock.
      reply.header('cache-control', 'public, max-age=0, s-maxage=15');
      return liveStatusOf(
        sessions.map((doc) => ({ ...doc, id: doc._id.toHexString() })),
        now,
      );
    },
  );
}
