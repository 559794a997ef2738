import {
  badRequest,
  caller,
  conflict,
  errorResponses,
  forbidden,
  MessageReply,
  notFound,
  ObjectIdString,
  requireUser,
  type ServiceApp,
  type Static,
  Type,
} from '@liveedu/service-kit';
import type { FastifyRequest } from 'fastify';
import { sessionToRun } from '../members/access.ts';
import { SessionParams } from '../sessions/schemas.ts';
import { findSession } from '../sessions/store.ts';
import { grantFor, joinRefusal, joinRoleOf, roomOf, secondsUntilEnd } from './domain.ts';
import { rememberRemoval, wasRemoved } from './store.ts';

export const REMOVED = 'The host removed you from this live class';
const NOT_INVITED = "Only the course's tutor and its students can join its live classes";
const ParticipantParams = Type.Object({ sessionId: ObjectIdString, userId: ObjectIdString });
const withConflict = { ...errorResponses, 409: MessageReply };

/** Joining a class's room: a token for it. */
export async function joinRoutes(app: ServiceApp): Promise<void> {
  app.post(
    '/api/v1/live-sessions/:sessionId/join',
    {
      preHandler: requireUser,
      schema: {
        summary:
          "A token for the class's room, from 10 minutes before its start until its end: the course's tutor hosts, its students watch",
        params: SessionParams,
        response: {
          200: Type.Object({
            url: Type.String({ description: 'Where the browser connects (ws/wss)' }),
            token: Type.String(),
            role: Type.Union([Type.Literal('host'), Type.Literal('viewer')]),
            expiresAt: Type.String({
              format: 'date-time',
              description: "The token's expiry: the class's end",
            }),
          }),
          ...withConflict,
        },
      },
    },
    async (request) => {
      const who = caller(request);
      const session = await findSession(app.db, request.params.sessionId);
      const member = session ? await app.liveCatalog.member(who, session.courseId, request.id) : null;
      const role = member ? joinRoleOf(member, who.userId) : null;
      // No such class answers as one the caller may not join: the refusal tells nothing more.
      if (!session || !role) throw forbidden(NOT_INVITED);
      if (role === 'viewer' && wasRemoved(session, who.userId)) throw forbidden(REMOVED);
      const now = new Date();
      const refused = joinRefusal(session, now);
      if (refused) throw conflict(refused);
      const sessionId = session._id.toHexString();
      const token = await app.liveRooms.token(
        { identity: who.userId, name: who.username },
        grantFor(sessionId, role),
        secondsUntilEnd(session, now),
      );
      return { url: app.liveRooms.publicUrl, token, role, expiresAt: session.endsAt.toISOString() };
    },
  );
}

/**
 * The class the caller hosts (`sessionToRun`), its room, and the participant the host acts on;
 * the host acting on themself is refused with `selfRefusal` (400).
 */
async function participantToRule(
  app: ServiceApp,
  request: FastifyRequest,
  params: Static<typeof ParticipantParams>,
  doing: string,
  selfRefusal: string,
) {
  const { session, who } = await sessionToRun(app, request, params.sessionId, doing);
  const userId = params.userId.toLowerCase();
  if (userId === who.userId) throw badRequest(selfRefusal);
  return { session, room: roomOf(session._id.toHexString()), userId };
}

/** The host's say over who is in the room: removing a participant, letting a viewer speak. */
export async function hostRoutes(app: ServiceApp): Promise<void> {
  app.post(
    '/api/v1/live-sessions/:sessionId/participants/:userId/remove',
    {
      preHandler: requireUser,
      schema: {
        summary: 'The host removes a participant: out of the room now, and refused if they try again',
        params: ParticipantParams,
        response: { 200: MessageReply, ...errorResponses },
      },
    },
    async (request) => {
      const { session, room, userId } = await participantToRule(
        app,
        request,
        request.params,
        'remove participants',
        'The host cannot remove themself',
      );
      await rememberRemoval(app.db, session, userId);
      const wasIn = await app.liveRooms.remove(room, userId);
      return {
        message: wasIn
          ? 'The participant was removed from the live class'
          : 'The participant was not in the room; they can no longer join this live class',
      };
    },
  );

  app.post(
    '/api/v1/live-sessions/:sessionId/participants/:userId/speak',
    {
      preHandler: requireUser,
      schema: {
        summary: 'The host lets a viewer use their camera and microphone, or no longer',
        params: ParticipantParams,
        body: Type.Object({ allowed: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: MessageReply, ...errorResponses },
      },
    },
    async (request) => {
      const { room, userId } = await participantToRule(
        app,
        request,
        request.params,
        'let participants speak',
        'The host always may speak',
      );
      const { allowed } = request.body;
      const found = await app.liveRooms.allowPublishing(room, userId, allowed);
      if (!found) throw notFound('That participant is not in the live class now');
      return { message: allowed ? 'The participant may now speak' : 'The participant may no longer speak' };
    },
  );
}
