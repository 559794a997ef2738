import { IDENTITY_INTERNAL, SESSION_ENDED_MESSAGE } from '@liveedu/contracts';
import {
  internalSchema,
  notFound,
  registerSharedRateLimit,
  requireServiceToken,
  type ServiceApp,
  unauthorized,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { sessionStands } from '../../domain/sessions.ts';
import { checkPassword } from '../../passwords.ts';
import { sawSession } from '../../sessions.ts';
import { LIVE, usersOf } from '../../users.ts';

/** Calls only our own processes make; the gateway never routes `/internal/*`. */
export default async function internalRoutes(app: ServiceApp): Promise<void> {
  const users = usersOf(app.db);
  const { userAccess, passwordCheck } = IDENTITY_INTERNAL;
  app.get(
    userAccess.path,
    { preHandler: requireServiceToken(app.config.internalSecret), schema: internalSchema(userAccess) },
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
    passwordCheck.path,
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
      schema: internalSchema(passwordCheck),
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
