import {
  caller,
  errorResponses,
  MessageReply,
  notFound,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { openSessions, SESSION_ID } from '../../domain/sessions.ts';
import { changeUser, LIVE, usersOf } from '../../users.ts';

const SessionView = Type.Object({
  sid: Type.String(),
  device: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  lastSeenAt: Type.String({ format: 'date-time' }),
  current: Type.Boolean({ description: 'The session of this call' }),
});

/** The caller's log-in sessions: seeing them, and ending one, the current one or all. */
export default async function sessionRoutes(app: ServiceApp): Promise<void> {
  const me = (request: Parameters<typeof caller>[0]) => new ObjectId(caller(request).userId);

  /** Ends the sessions `pick` chooses among the caller's open ones (with the event saying so). */
  const endSessions = (request: Parameters<typeof caller>[0], pick: (sid: string) => boolean) =>
    changeUser(
      app,
      me(request),
      (user) => {
        const ended = (user.sessions ?? []).map((s) => s.sid).filter(pick);
        const seen = Object.fromEntries(
          Object.entries(user.sessionsSeen ?? {}).filter(([sid]) => !pick(sid)),
        );
        return {
          set: { sessions: (user.sessions ?? []).filter((s) => !pick(s.sid)), sessionsSeen: seen },
          endsSessions: { sessionIds: ended, all: false },
        };
      },
      { requestId: request.id },
    );

  app.post(
    '/api/v1/logout',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Log out: ends the session of this token (other devices stay logged in)',
        response: { 200: MessageReply, ...errorResponses },
      },
    },
    async (request) => {
      const current = caller(request).sessionId;
      await endSessions(request, (sid) => sid === current);
      return { message: 'Logged out successfully' };
    },
  );

  app.post(
    '/api/v1/logout-all',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Log out everywhere: ends every session of the account, this one included',
        response: { 200: MessageReply, ...errorResponses },
      },
    },
    async (request) => {
      await changeUser(
        app,
        me(request),
        (user) => ({
          set: { sessions: [], sessionsSeen: {}, tokenVersion: (user.tokenVersion ?? 0) + 1 },
          endsSessions: { sessionIds: (user.sessions ?? []).map((s) => s.sid), all: true },
        }),
        { requestId: request.id },
      );
      return { message: 'Logged out on every device' };
    },
  );

  app.get(
    '/api/v1/sessions',
    {
      preHandler: requireUser,
      schema: {
        summary: 'The devices logged in to the account, newest first',
        response: { 200: Type.Object({ sessions: Type.Array(SessionView) }), ...errorResponses },
      },
    },
    async (request) => {
      const current = caller(request).sessionId;
      const user = await usersOf(app.db).findOne(
        { _id: me(request), ...LIVE },
        { projection: { sessions: 1, sessionsSeen: 1 } },
      );
      if (!user) throw notFound('User not found');
      const sessions = openSessions(user, new Date())
        .map((session) => ({
          sid: session.sid,
          device: session.device,
          createdAt: session.createdAt.toISOString(),
          lastSeenAt: (user.sessionsSeen?.[session.sid] ?? session.createdAt).toISOString(),
          current: session.sid === current,
        }))
        .reverse();
      return { sessions };
    },
  );

  app.delete(
    '/api/v1/sessions/:sid',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Ends one of the caller’s sessions (log out a device)',
        params: Type.Object({ sid: Type.String({ pattern: SESSION_ID.source }) }),
        response: { 200: MessageReply, ...errorResponses },
      },
    },
    async (request) => {
      const { sid } = request.params;
      await changeUser(
        app,
        me(request),
        (user) => {
          if (!openSessions(user, new Date()).some((s) => s.sid === sid)) throw notFound('Session not found');
          return {
            set: {
              sessions: (user.sessions ?? []).filter((s) => s.sid !== sid),
              sessionsSeen: Object.fromEntries(
                Object.entries(user.sessionsSeen ?? {}).filter(([seen]) => seen !== sid),
              ),
            },
            endsSessions: { sessionIds: [sid], all: false },
          };
        },
        { requestId: request.id },
      );
      return { message: 'The session was ended' };
    },
  );
}
