import {
  badRequest,
  caller,
  conflict,
  errorResponses,
  FilePart,
  forbidden,
  isDuplicateKey,
  MessageReply,
  notFound,
  receiveMultipart,
  registerSharedRateLimit,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { descProblem, newPasswordProblem, usernameKey, usernameProblem } from '../../domain/user.ts';
import { checkPassword, hashPassword } from '../../passwords.ts';
import { identitySettings } from '../../settings.ts';
import { changeUser, LIVE, usersOf } from '../../users.ts';
import {
  DescField,
  NewPasswordField,
  PageStatusField,
  PasswordField,
  RoleField,
  UsernameField,
} from '../fields.ts';
import { perAccountLimit } from '../per-account-limit.ts';

export const UserData = Type.Object({
  _id: Type.String(),
  avatar: Type.String(),
  email: Type.String(),
  username: Type.String(),
  role: RoleField,
  desc: Type.String(),
  stausOfPage: PageStatusField,
});

export const AVATARS = 'avatars';

export default async function profileRoutes(app: ServiceApp): Promise<void> {
  const users = usersOf(app.db);
  const avatarMaxBytes = identitySettings.of(app).AVATAR_MAX_BYTES;
  const me = (request: Parameters<typeof caller>[0]) => new ObjectId(caller(request).userId);
  await registerSharedRateLimit(app, 'identity');

  app.get(
    '/api/v1/getUserData',
    {
      preHandler: requireUser,
      schema: { summary: "The caller's profile", response: { 200: UserData, ...errorResponses } },
    },
    async (request) => {
      const user = await users.findOne({ _id: me(request), ...LIVE });
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
      const key = usernameKey(username);
      const taken = await users.findOne(
        { usernameKey: key, _id: { $ne: me(request) } },
        { projection: { _id: 1 } },
      );
      if (taken) throw conflict('Username already exists');
      try {
        await changeUser(
          app,
          me(request),
          (user) =>
            user.username === username.trim()
              ? {}
              : {
                  set: { username: username.trim(), usernameKey: key },
                  changed: ['username'],
                },
          { requestId: request.id },
        );
      } catch (error) {
        // Someone took the name between the check and the write.
        if (isDuplicateKey(error)) throw conflict('Username already exists');
        throw error;
      }
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

  app.put(
    '/api/v1/change-password',
    {
      preHandler: requireUser,
      // Guessing the current password through this route is limited per user, on every replica.
      ...perAccountLimit({
        max: identitySettings.of(app).CHANGE_PASSWORD_RATE_LIMIT_PER_USER,
        timeWindow: '1 hour',
        field: 'caller',
        normalise: (id) => id,
        tooMany: 'Too many password changes for this account.',
      }),
      schema: {
        summary: 'Change the caller’s password',
        body: Type.Object({
          currPass: PasswordField(),
          newPass: NewPasswordField(),
          confirmNewPass: PasswordField(),
        }),
        response: { 200: MessageReply, ...errorResponses, 429: MessageReply },
      },
    },
    async (request) => {
      const { currPass, newPass, confirmNewPass } = request.body;
      const problem = newPasswordProblem(newPass, confirmNewPass);
      if (problem) throw badRequest(problem);
      const current = caller(request).sessionId;
      // The current password is checked before any work is spent on the new one; the session
      // that changed it stays, every other one ends.
      await changeUser(
        app,
        me(request),
        async (user) => {
          if (!(await checkPassword(user.passwordHash, currPass))) {
            throw badRequest('Current password is incorrect');
          }
          const others = (user.sessions ?? []).filter((s) => s.sid !== current);
          return {
            set: {
              passwordHash: await hashPassword(newPass),
              sessions: (user.sessions ?? []).filter((s) => s.sid === current),
              sessionsSeen: Object.fromEntries(
                Object.entries(user.sessionsSeen ?? {}).filter(([sid]) => sid === current),
              ),
            },
            unset: ['resetTokenHash', 'resetExpiresAt'],
            endsSessions: { sessionIds: others.map((s) => s.sid), all: false },
          };
        },
        { requestId: request.id },
      );
      return { message: 'Password changed successfully' };
    },
  );

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
          },
        },
        { fileSize: avatarMaxBytes },
      );
      const image = upload.files.image;
      if (!image) throw badRequest('Please select an image first.');
      let previousKey: string | undefined;
      try {
        const { before } = await changeUser(
          app,
          id,
          () => ({ set: { avatar: image.url, avatarKey: image.key }, changed: ['avatar'] }),
          { requestId: request.id },
        );
        previousKey = before.avatarKey;
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
