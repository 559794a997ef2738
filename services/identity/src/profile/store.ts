import { conflict, isDuplicateKey, type ServiceApp } from '@liveedu/service-kit';
import type { ObjectId } from 'mongodb';
import { usernameKey } from '../accounts/domain.ts';
import { changeUser, USERS } from '../accounts/store.ts';

/** The public-read bucket of uploaded avatars (`UserDoc.avatarKey` names the object). */
export const AVATARS = 'avatars';

/** Gives the user a new username: 409 when another account has it, also one that took it meanwhile. */
export async function renameUser(
  app: ServiceApp,
  userId: ObjectId,
  username: string,
  requestId: string,
): Promise<void> {
  const key = usernameKey(username);
  const taken = await USERS.in(app.db).findOne(
    { usernameKey: key, _id: { $ne: userId } },
    { projection: { _id: 1 } },
  );
  if (taken) throw conflict('Username already exists');
  try {
    await changeUser(
      app,
      userId,
      (user) =>
        user.username === username.trim()
          ? {}
          : {
              set: { username: username.trim(), usernameKey: key },
              changed: ['username'],
            },
      { requestId },
    );
  } catch (error) {
    // Someone took the name between the check and the write.
    if (isDuplicateKey(error)) throw conflict('Username already exists');
    throw error;
  }
}

/** Makes an uploaded image the user's avatar; answers the key of the one it replaces. */
export async function setAvatar(
  app: ServiceApp,
  userId: ObjectId,
  image: { url: string; key: string },
  requestId: string,
): Promise<string | undefined> {
  const { before } = await changeUser(
    app,
    userId,
    () => ({ set: { avatar: image.url, avatarKey: image.key }, changed: ['avatar'] }),
    { requestId },
  );
  return before.avatarKey;
}
