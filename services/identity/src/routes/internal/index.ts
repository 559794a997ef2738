import { notFound, ObjectIdString, requireServiceToken, type ServiceApp, Type } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
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
        response: {
          200: Type.Object({ userId: Type.String(), username: Type.String(), role: Type.String() }),
        },
      },
    },
    async (request) => {
      // The current role, read at every call, so approval and deletion take effect at once.
      const user = await users.findOne(
        { _id: new ObjectId(request.params.id), ...LIVE },
        { projection: { username: 1, role: 1 } },
      );
      if (!user) throw notFound('User not found');
      return { userId: user._id.toHexString(), username: user.username, role: user.role };
    },
  );
}
