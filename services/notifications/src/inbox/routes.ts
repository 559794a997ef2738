import { caller, errorResponses, paging, requireUser, type ServiceApp, Type } from '@liveedu/service-kit';
import { PAGE_SIZE } from './domain.ts';
import { Notification, presentNotification } from './present.ts';
import { inboxCounts, inboxIds, markAllRead, markRead, notificationsByIds } from './store.ts';

const NotificationIdString = Type.String({ pattern: '^[0-9a-f]{24}$' });

/** The caller's notifications, newest first, and marking them read. */
export default async function inboxRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/notifications',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Your notifications, newest first (only unread ones with unread=true), 20 a page',
        ...paging.schema(
          { notifications: Type.Array(Notification), unread: Type.Integer({ minimum: 0 }) },
          {
            query: {
              unread: Type.Optional(
                Type.Union([Type.Literal('true'), Type.Literal('false')], {
                  errorMessage: 'unread must be true or false',
                }),
              ),
            },
            responses: errorResponses,
          },
        ),
      },
    },
    async (request) => {
      const userId = caller(request).userId;
      const unreadOnly = request.query.unread === 'true';
      const page = paging.request(request.query, PAGE_SIZE);
      const counts = await inboxCounts(app.db, userId);
      const known = unreadOnly ? counts.unread : counts.total;
      const ids = await inboxIds(app.db, userId, {
        unread: unreadOnly,
        skip: page.skip,
        limit: page.limit,
        known,
      });
      const docs = await notificationsByIds(app.db, userId, ids);
      return {
        notifications: docs.map(presentNotification),
        unread: counts.unread,
        ...paging.fields(known, page),
      };
    },
  );

  app.post(
    '/api/v1/notifications/read',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Mark some of your notifications read ({ids}), or all of them ({all: true})',
        body: Type.Union(
          [
            Type.Object({ ids: Type.Array(NotificationIdString, { minItems: 1, maxItems: 100 }) }),
            Type.Object({ all: Type.Literal(true) }),
          ],
          { errorMessage: 'Send {ids: [1 to 100 notification ids]} or {all: true}' },
        ),
        response: { 200: Type.Object({ unread: Type.Integer({ minimum: 0 }) }), ...errorResponses },
      },
    },
    async (request) => {
      const userId = caller(request).userId;
      const body = request.body;
      const unread =
        'ids' in body ? await markRead(app.db, userId, body.ids) : await markAllRead(app.db, userId);
      return { unread };
    },
  );
}
