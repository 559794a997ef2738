import { REQUEST_ID_HEADER } from '@liveedu/contracts';
import { caller, errorResponses, requireUser, type ServiceApp, Type } from '@liveedu/service-kit';
import { notificationsConfig } from '../config.ts';
import { resumeFrom, SSE_PING } from './domain.ts';
import { watchInbox } from './watch.ts';

/** A comment every so often, so that no proxy on the way takes the stream for idle. */
const HEARTBEAT_MS = 15_000;

/** The live stream of the caller's notifications (server-sent events) the header's bell reads. */
export default async function streamRoutes(app: ServiceApp): Promise<void> {
  const { streamCheckMs } = notificationsConfig(app.config);
  const open = new Set<() => void>();
  // Open streams never end by themselves: they are ended before the server waits for its requests.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    '/api/v1/notifications/stream',
    {
      preHandler: requireUser,
      schema: {
        summary:
          'Your notifications as they come (text/event-stream): `unread` first, then each `notification` with its id; resumes after Last-Event-ID',
        headers: Type.Object({ 'last-event-id': Type.Optional(Type.String({ maxLength: 100 })) }),
        produces: ['text/event-stream'],
        response: { 200: Type.String({ description: 'Server-sent events' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = caller(request).userId;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
        [REQUEST_ID_HEADER]: request.id,
      });
      res.flushHeaders();
      let stopWatching = () => {};
      const heartbeat = setInterval(() => res.write(SSE_PING), HEARTBEAT_MS);
      const end = () => {
        clearInterval(heartbeat);
        stopWatching();
        open.delete(end);
        if (!res.writableEnded) res.end();
      };
      open.add(end);
      res.on('close', end);
      try {
        const stop = await watchInbox(
          {
            db: app.db,
            log: request.log,
            userId,
            checkMs: streamCheckMs,
            send: (frame) => {
              if (!res.writableEnded) res.write(frame);
            },
          },
          resumeFrom(request.headers['last-event-id']),
        );
        if (res.writableEnded) stop();
        else stopWatching = stop;
      } catch (error) {
        request.log.warn({ err: error }, 'could not start a notification stream');
        end();
      }
    },
  );
}
