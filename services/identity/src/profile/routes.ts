import {
  badRequest,
  caller,
  conflict,
  errorResponses,
  FilePart,
  forbidden,
  MessageReply,
  notFound,
  receiveMultipart,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { descProblem, usernameProblem } from '../accounts/domain.ts';
import { DescField, PageStatusField, RoleField, UsernameField } from '../accounts/fields.ts';
import { changeUser, findLiveUser } from '../accounts/store.ts';
import { identitySettings } from '../config.ts';
import { AVATARS, renameUser, setAvatar } from './store.ts';

export const UserData = Type.Object({
  _id: Type.String(),
  avatar: Type.String(),
  email: Type.String(),
  username: Type.String(),
  role: RoleField,
  desc: Type.String(),
  stausOfPage: PageStatusField,
});

const me = (request: Parameters<typeof caller>[0]) => new ObjectId(caller(request).userId);

export async function profileRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/getUserData',
    {
      preHandler: requireUser,
      schema: { summary: "The caller's profile", response: { 200: UserData, ...errorResponses } },
    },
    async (request) => {
      const user = await findLiveUser(app.db, me(request));
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

  app.put(
    '/api/v1/change-username',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Change the caller’s username',
        body: Type.Object({ username: UsernameField('Username field is empty.') }),
        response: { 200: MessageReply, 409: MessageReply, ...errorResponses },
      },
    },
    async (request) => {
      // The admin account is found by its name at every start (ensureAdminAccount).
      if (caller(request).role === 'admin') throw forbidden('The admin account keeps its username');
      const { username } = request.body;
      const problem = usernameProblem(username);
      if (problem === 'Username already exists') throw conflict(problem);
      if (problem) throw badRequest(problem);
      await renameUser(app, me(request), username, request.id);
      return { message: 'Username changed successfully' };
    },
  );

  app.put(
    '/api/v1/update-user-desc',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Change the caller’s description (the instructor page’s About me)',
        body: Type.Object({ desc: DescField() }),
        response: { 200: MessageReply, ...errorResponses },
      },
    },
    async (request) => {
      const { desc } = request.body;
      const problem = descProblem(desc);
      if (problem) throw badRequest(problem);
      await changeUser(
        app,
        me(request),
        (user) => (user.desc === desc ? {} : { set: { desc }, changed: ['desc'] }),
        { requestId: request.id },
      );
      return { message: 'Description updated successfully' };
    },
  );
}

export async function avatarRoutes(app: ServiceApp): Promise<void> {
  const avatarMaxBytes = identitySettings.of(app).AVATAR_MAX_BYTES;

  app.put(
    '/api/v1/update-avatar',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Upload a new avatar (multipart field `image`, png or jpeg)',
        multipart: Type.Object({ image: FilePart('The new avatar: a png or jpeg image') }),
        response: {
          200: Type.Object({ message: Type.String(), avatar: Type.String() }),
          413: MessageReply,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const id = me(request);
      const upload = await receiveMultipart(
        request,
        app.storage,
        {
          image: {
            bucket: AVATARS,
            accept: ['png', 'jpeg'],
            wrongTypeMessage: 'Please upload a png or jpeg image',
            resized: true,
          },
        },
        { fileSize: avatarMaxBytes },
      );
      const image = upload.files.image;
      if (!image) throw badRequest('Please select an image first.');
      let previousKey: string | undefined;
      try {
        previousKey = await setAvatar(app, id, image, request.id);
      } catch (error) {
        await upload.discard();
        throw error;
      }
      if (previousKey && previousKey !== image.key) {
        await app.storage.remove(AVATARS, previousKey).catch((error) => {
          request.log.warn({ err: error, key: previousKey }, 'could not remove the previous avatar');
        });
      }
      return { message: 'Avatar updated successfully', avatar: image.url };
    },
  );
}
