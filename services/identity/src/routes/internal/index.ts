import { SESSION_ENDED_MESSAGE } from '@liveedu/contracts';
import {
  MessageReply,
  notFound,
  ObjectIdString,
  registerSharedRateLimit,
  requireServiceToken,
  type ServiceApp,
  Type,
  unauthorized,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { SESSION_ID, sessionStands } from '../../domain/sessions.ts';
import { checkPassword } from '../../passwords.ts';
import { sawSession } from '../../sessions.ts';
import { LIVE, usersOf } from '../../users.ts';

/** Calls only our own processes make; the gateway never routes `/internal/*`. */
export default async function internalRoutes(app: ServiceApp): Promise<void> {
  const users = usersOf(app.db);
  app.get(
    '/internal/users/:id/access',
    {
      preHandler: requireServiceToken(app.config.internalSecret),
      schema: {
        hide: true,
        params: Type.Object({ id: ObjectIdString }),
        querystring: Type.Object({
          /** The token's session and token version: the answer is 401 when they no longer stand. */
          sid: Type.String({ pattern: SESSION_ID.source }),
          tv: Type.String({ pattern: '^[0-9]{1,9}$' }),
        }),
        response: {
          200: Type.Object({ userId: Type.String(), username: Type.String(), role: Type.String() }),
        },
      },
    },
    async (request) => {
      const { sid, tv } = request.query;
      // The current role and sessions, read at every call, so approval, deletion and log-outs
      // take effect at once.
      const user = await users.findOne(
        { _id: new ObjectId(request.params.id), ...LIVE },
        { projection: { username: 1, role: 1, sessions: 1, tokenVersion: 1 } },
      );
      if (!user) throw notFound('User not found');
      if (!sessionStands(user, sid, Number(tv), new Date())) throw unauthorized(SESSION_ENDED_MESSAGE);
      await sawSession(app, user, sid);
      return { userId: user._id.toHexString(), username: user.username, role: user.role };
    },
  );

  await registerSharedRateLimit(app, 'identity');
  /**
   * Whether `password` is the user's: another service asking for the password again before money
   * moves. Ten tries an hour per user, on every replica, so it is no way to guess one.
   */
  app.post(
    '/internal/users/:id/password-check',
    {
      preHandler: requireServiceToken(app.config.internalSecret),
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 hour',
          keyGenerator: (request) => `password-check:${(request.params as { id: string }).id}`,
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            message: `Too many password confirmations for this account. Try again in ${Math.ceil(context.ttl / 60_000)} minutes.`,
          }),
        },
      },
      schema: {
        hide: true,
        params: Type.Object({ id: ObjectIdString }),
        body: Type.Object({ password: Type.String({ maxLength: 200 }) }),
        response: { 200: Type.Object({ matches: Type.Boolean() }), 429: MessageReply },
      },
    },
    async (request) => {
      const user = await users.findOne(
        { _id: new ObjectId(request.params.id), ...LIVE },
        { projection: { passwordHash: 1 } },
      );
      const matches = await checkPassword(user?.passwordHash, request.body.password);
      return { matches: Boolean(user) && matches };
    },
  );
}
