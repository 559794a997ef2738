import {
  caller,
  errorResponses,
  MessageReply,
  notFound,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { sessionToSee } from '../members/access.ts';
import { SessionParams } from '../sessions/schemas.ts';
import { upcomingFor } from '../upcoming/gather.ts';
import { calendarOf } from './ics.ts';
import { feedOwner, feedTokenOf, renewFeedToken } from './store.ts';

const CALENDAR = 'text/calendar; charset=utf-8';
const Feed = Type.Object({ url: Type.String({ description: 'The private feed: keep it to yourself' }) });
// The file when there is one; every refusal is `{message}` in JSON, as elsewhere.
const CalendarFile = Type.Unsafe<string>({
  description: 'An iCalendar file (RFC 5545)',
  content: { 'text/calendar': { schema: { type: 'string' } } },
});

/** A class's calendar file, and each member's private feed of their coming classes. */
export async function calendarRoutes(app: ServiceApp): Promise<void> {
  const feedUrl = (token: string) => `${app.config.publicUrl}/api/v1/calendar/${token}.ics`;

  app.get(
    '/api/v1/live-sessions/:sessionId/calendar.ics',
    {
      preHandler: requireUser,
      schema: {
        summary: "A live class as a calendar file, to its course's members",
        params: SessionParams,
        response: { 200: CalendarFile, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { session } = await sessionToSee(app, request, request.params.sessionId);
      const sessionId = session._id.toHexString();
      return reply
        .type(CALENDAR)
        .header('content-disposition', `attachment; filename="live-class-${sessionId}.ics"`)
        .header('cache-control', 'private, no-store')
        .send(
          calendarOf([session], { name: session.title, publicUrl: app.config.publicUrl, now: new Date() }),
        );
    },
  );

  app.get(
    '/api/v1/calendar/feed',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Your private calendar feed of your coming live classes (made on the first call)',
        response: { 200: Feed, 401: MessageReply },
      },
    },
    async (request, reply) => {
      const token = await feedTokenOf(app.db, caller(request).userId, new Date());
      return reply.header('cache-control', 'private, no-store').send({ url: feedUrl(token) });
    },
  );

  app.post(
    '/api/v1/calendar/feed',
    {
      preHandler: requireUser,
      schema: {
        summary: 'A new address for your calendar feed; the old one stops working',
        response: { 200: Feed, 401: MessageReply },
      },
    },
    async (request) => ({ url: feedUrl(await renewFeedToken(app.db, caller(request).userId, new Date())) }),
  );

  app.get(
    '/api/v1/calendar/:token.ics',
    {
      schema: {
        summary:
          "A calendar feed of its owner's coming live classes (public: the token in the address is the key)",
        params: Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) }),
        response: { 200: CalendarFile, 400: MessageReply, 404: MessageReply },
      },
    },
    async (request, reply) => {
      const userId = await feedOwner(app.db, request.params.token);
      if (!userId) throw notFound('No such calendar feed');
      const now = new Date();
      const sessions = await upcomingFor(app.db, app.liveCatalog, { userId }, now, request.id);
      return reply
        .type(CALENDAR)
        .header('cache-control', 'private, no-store')
        .send(calendarOf(sessions, { name: 'LiveEdu live classes', publicUrl: app.config.publicUrl, now }));
    },
  );
}
