import {
  caller,
  errorResponses,
  forbidden,
  MessageReply,
  requireUser,
  type ServiceApp,
  Type,
  unauthorized,
} from '@liveedu/service-kit';
import { liveConfig, liveSettings } from '../config.ts';
import { sessionIdOfRoom } from '../joining/domain.ts';
import { sessionToSee } from '../members/access.ts';
import { SessionParams } from '../sessions/schemas.ts';
import { findSession } from '../sessions/store.ts';
import { attendeeFigures, isAttendanceEvent } from './domain.ts';
import { attendeesOf, recordPresence } from './store.ts';
import { webhookReader } from './webhook.ts';

const WEBHOOK_BODY_LIMIT = 64 * 1024;
const OBJECT_ID = /^[0-9a-f]{24}$/;

/**
 * `POST /api/v1/live-webhook`: the media server's reports of who joined and left. Its signature
 * covers the exact bytes sent, so this plugin's own parser keeps the raw body (the plugin is
 * encapsulated: other routes parse as usual).
 */
export async function liveWebhookRoutes(app: ServiceApp): Promise<void> {
  const { livekit } = liveConfig(liveSettings.of(app));
  const read = webhookReader(livekit.apiKey, livekit.apiSecret);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_r, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/v1/live-webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        summary:
          "LiveKit's webhook (application/webhook+json): participant_joined and participant_left make the attendance; signed with LIVEKIT_API_SECRET",
        response: { 200: Type.Object({ status: Type.String() }), 401: MessageReply },
      },
    },
    async (request) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const report = await read(body, request.headers.authorization, new Date());
      if (!report) {
        request.log.warn('live webhook with a bad signature');
        throw unauthorized('Invalid webhook signature');
      }
      const sessionId = sessionIdOfRoom(report.room);
      if (!isAttendanceEvent(report.event) || !sessionId || !OBJECT_ID.test(report.identity)) {
        return { status: 'ignored' };
      }
      if (!report.eventId || !(await findSession(app.db, sessionId))) return { status: 'ignored' };
      const counted = await recordPresence(app.db, {
        sessionId,
        userId: report.identity,
        username: report.name || report.identity,
        eventId: report.eventId,
        kind: report.event,
        at: report.at,
      });
      return { status: counted ? 'ok' : 'duplicate' };
    },
  );
}

const Attendee = Type.Object({
  userId: Type.String(),
  username: Type.String(),
  firstJoinedAt: Type.String({ format: 'date-time' }),
  lastLeftAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  totalMinutes: Type.Number({ description: 'Minutes in the class, to one decimal' }),
  present: Type.Boolean({ description: 'In the room now' }),
});

/** Who came to a class, for its tutor and the admin. */
export async function attendanceRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/live-sessions/:sessionId/attendance',
    {
      preHandler: requireUser,
      schema: {
        summary:
          "Who came to a live class and for how long (its tutor and the admin), from the media server's reports",
        params: SessionParams,
        response: { 200: Type.Object({ attendees: Type.Array(Attendee) }), ...errorResponses },
      },
    },
    async (request) => {
      const { session, member } = await sessionToSee(app, request, request.params.sessionId);
      const who = caller(request);
      if (member.tutorId !== who.userId && who.role !== 'admin') {
        throw forbidden("Only the course's tutor and the admin can see who came");
      }
      const now = new Date();
      const rows = await attendeesOf(app.db, session._id.toHexString());
      // The host runs the class; the list is of those who came to it.
      const attendees = rows
        .filter((row) => row.userId !== session.tutorId)
        .flatMap((row) => {
          const figures = attendeeFigures(row, now);
          return figures ? [{ row, figures }] : [];
        });
      attendees.sort((a, b) => a.figures.firstJoinedAt.getTime() - b.figures.firstJoinedAt.getTime());
      return {
        attendees: attendees.map(({ row, figures }) => ({
          userId: row.userId,
          username: row.username,
          firstJoinedAt: figures.firstJoinedAt.toISOString(),
          lastLeftAt: figures.lastLeftAt?.toISOString() ?? null,
          totalMinutes: figures.totalMinutes,
          present: figures.present,
        })),
      };
    },
  );
}
