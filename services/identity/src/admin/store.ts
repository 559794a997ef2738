import { forbidden, type ServiceApp } from '@liveedu/service-kit';
import type { ObjectId } from 'mongodb';
import { changeUser } from '../accounts/store.ts';
import { AVATARS } from '../profile/store.ts';
import { RESUMES } from '../tutor-requests/store.ts';

/** Deletes a user (never the admin account) and removes their avatar and resume files. */
export async function deleteUser(app: ServiceApp, id: ObjectId, requestId: string): Promise<void> {
  const { before } = await changeUser(
    app,
    id,
    (user) => {
      if (user.role === 'admin') throw forbidden('The admin account cannot be deleted');
      const gone = `deleted:${user._id.toHexString()}`;
      // The name and the address are freed for new accounts; the rest is kept for records.
      return {
        set: { deletedAt: new Date(), usernameKey: gone, emailKey: gone },
        unset: ['passwordHash', 'resetTokenHash', 'resetExpiresAt'],
        deleted: true,
      };
    },
    { requestId },
  );
  for (const [bucket, key] of [
    [AVATARS, before.avatarKey],
    [RESUMES, before.resumeKey],
  ] as const) {
    if (key) await app.storage.remove(bucket, key).catch(() => {});
  }
}
