import { caller, MessageReply, requireUser, type ServiceApp, Type } from '@liveedu/service-kit';
import { presentSession, Session } from '../sessions/present.ts';
import { upcomingFor } from './gather.ts';

/** A member's coming classes across their courses: the profile's list. */
export async function upcomingRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/live-sessions/upcoming',
    {
      preHandler: requireUser,
      schema: {
        summary:
          "Your coming live classes, soonest first (at most 50): your courses' and, for a tutor, those you host",
        response: { 200: Type.Object({ sessions: Type.Array(Session) }), 401: MessageReply },
      },
    },
    async (request) => {
      const now = new Date();
      const sessions = await upcomingFor(app.db, app.liveCatalog, caller(request), now, request.id);
      return { sessions: sessions.map((doc) => presentSession(doc, now)) };
    },
  );
}
