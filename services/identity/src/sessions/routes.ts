import { IDENTITY_INTERNAL, SESSION_ENDED_MESSAGE } from '@liveedu/contracts';
import {
  caller,
  errorResponses,
  internalSchema,
  MessageReply,
  notFound,
  requireServiceToken,
  requireUser,
  type ServiceApp,
  Type,
  unauthorized,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { findLiveUser } from '../accounts/store.ts';
import { openSessions, SESSION_ID, sessionStands } from './domain.ts';
import { endAllSessions, endSession, endSessions, sawSession } from './store.ts';

const SessionView = Type.Object({
  sid: Type.String(),
  device: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  lastSeenAt: Type.String({ format: 'date-time' }),
  current: Type.Boolean({ description: 'The session of this call' }),
});

const me = (request: Parameters<typeof caller>[0]) => new ObjectId(caller(request).userId);

// The caller's log-in sessions: seeing them, and ending one, the current one or all.

/** Log-outs: the current session, or every one. */
export async function logoutRoutes(app: ServiceApp): Promise<void> {
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
      await endSessions(app, me(request), (sid) => sid === current, request.id);
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
      await endAllSessions(app, me(request), request.id);
      return { message: 'Logged out on every device' };
    },
  );
}

/** The caller's open sessions: seeing them, and ending one. */
export async function sessionRoutes(app: ServiceApp): Promise<void> {
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
      const user = await findLiveUser(app.db, me(request), { sessions: 1, sessionsSeen: 1 });
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
      await endSession(app, me(request), request.params.sid, request.id);
      return { message: 'The session was ended' };
    },
  );
}

/** Calls only our own processes make; the gateway never routes `/internal/*`. */
export async function userAccessRoutes(app: ServiceApp): Promise<void> {
  const { userAccess } = IDENTITY_INTERNAL;
  app.get(
    userAccess.path,
    { preHandler: requireServiceToken(app.config.internalSecret), schema: internalSchema(userAccess) },
    async (request) => {
      const { sid, tv } = request.query;
      // The current role and sessions, read at every call, so approval, deletion and log-outs
      // take effect at once.
      const user = await findLiveUser(app.db, new ObjectId(request.params.id), {
        username: 1,
        role: 1,
        sessions: 1,
        tokenVersion: 1,
      });
      if (!user) throw notFound('User not found');
      if (!sessionStands(user, sid, Number(tv), new Date())) throw unauthorized(SESSION_ENDED_MESSAGE);
      await sawSession(app, user, sid);
      return { userId: user._id.toHexString(), username: user.username, role: user.role };
    },
  );
}
