import { caller, notFound, requireUser, type ServiceApp, Type } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { LIVE, usersOf } from '../../users.ts';

export const UserData = Type.Object({
  _id: Type.String(),
  avatar: Type.String(),
  email: Type.String(),
  username: Type.String(),
  role: Type.String(),
  desc: Type.String(),
  stausOfPage: Type.String(),
});

export default async function profileRoutes(app: ServiceApp): Promise<void> {
  const users = usersOf(app.db);

  app.get(
    '/api/v1/getUserData',
    {
      preHandler: requireUser,
      schema: { summary: "The caller's profile", response: { 200: UserData } },
    },
    async (request) => {
      const user = await users.findOne({ _id: new ObjectId(caller(request).userId), ...LIVE });
      if (!user) throw notFound('User not found');
      return {
        _id: user._id.toHexString(),
        avatar: user.avatar,
        email: user.email,
        username: user.username,
        role: user.role,
        desc: user.desc,
        stausOfPage: user.stausOfPage,
      };
    },
  );
}
