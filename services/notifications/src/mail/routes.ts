import { badRequest, MessageReply, type ServiceApp, Type } from '@liveedu/service-kit';
import { notificationsConfig } from '../config.ts';
import { choosePreferences } from '../preferences/store.ts';
import { recipientOf } from '../recipients/store.ts';
import { unsubscribedPage, verifyUnsubscribe } from './domain.ts';

const BAD_TOKEN = 'This unsubscribe link is not valid';

const TokenQuery = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 1_000 }) },
  { errorMessage: { required: BAD_TOKEN } },
);
const Page = Type.String({ description: 'A small HTML page saying which mails stop' });

/**
 * A mail's unsubscribe link: the signed token names the user and the kinds, so it works without
 * signing in; opening it (GET) or a mail program's one-click POST (RFC 8058) turns them off.
 */
export default async function unsubscribeRoutes(app: ServiceApp): Promise<void> {
  const { unsubscribeSecret } = notificationsConfig(app.config);

  async function unsubscribe(token: string) {
    const claim = verifyUnsubscribe(unsubscribeSecret, token);
    if (!claim) throw badRequest(BAD_TOKEN);
    // A deleted user's link changes nothing (and makes no preferences for them again).
    if (!(await recipientOf(app.db, claim.userId))?.deleted) {
      await choosePreferences(
        app.db,
        claim.userId,
        Object.fromEntries(claim.kinds.map((kind) => [kind, 'off'])),
      );
    }
    return claim.kinds;
  }

  app.get(
    '/api/v1/notifications/unsubscribe',
    {
      schema: {
        summary: "Stop a kind of notification mail from a mail's link (no sign-in: the token is signed)",
        querystring: TokenQuery,
        produces: ['text/html'],
        response: { 200: Page, 400: MessageReply },
      },
    },
    async (request, reply) => {
      const kinds = await unsubscribe(request.query.token);
      return reply.type('text/html; charset=utf-8').send(unsubscribedPage(kinds));
    },
  );

  app.post(
    '/api/v1/notifications/unsubscribe',
    {
      schema: {
        summary:
          "A mail program's one-click unsubscribe (RFC 8058): the form body List-Unsubscribe=One-Click",
        querystring: TokenQuery,
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Object(
          { 'List-Unsubscribe': Type.Literal('One-Click') },
          { errorMessage: 'The body must be List-Unsubscribe=One-Click' },
        ),
        response: { 200: Page, 400: MessageReply },
      },
    },
    async (request, reply) => {
      const kinds = await unsubscribe(request.query.token);
      return reply.type('text/html; charset=utf-8').send(unsubscribedPage(kinds));
    },
  );
}
