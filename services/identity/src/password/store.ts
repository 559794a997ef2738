import { badRequest, type ServiceApp } from '@liveedu/service-kit';
import type { Db, ObjectId } from 'mongodb';
import { emailKey } from '../accounts/domain.ts';
import { sessionsEnded } from '../accounts/events.ts';
import { checkPassword, hashPassword } from '../accounts/passwords.ts';
import { changeUser, LIVE, USERS, type UserDoc } from '../accounts/store.ts';
import { hashResetToken, RESET_TOKEN_TTL_MS } from './domain.ts';

/** Gives the live account with this address a new reset token, replacing an older one (null: no such account). */
export const saveResetToken = (db: Db, email: string, hash: string) =>
  USERS.in(db).findOneAndUpdate(
    { emailKey: emailKey(email), ...LIVE },
    { $set: { resetTokenHash: hash, resetExpiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) } },
  );

/** The users a reset token works for now: the one it was sent to, while it is unexpired and live. */
export const workingToken = (token: string) => ({
  resetTokenHash: hashResetToken(token),
  resetExpiresAt: { $gt: new Date() },
  ...LIVE,
});

export type WorkingToken = ReturnType<typeof workingToken>;

/** The user a working reset token belongs to, with their sessions (null when it works for no one). */
export const tokenHolder = (db: Db, valid: WorkingToken) =>
  USERS.in(db).findOne(valid, { projection: { _id: 1, sessions: 1 } });

/** Sets the new password with the token; false when the token was spent or expired meanwhile. */
export async function resetPassword(
  app: ServiceApp,
  valid: WorkingToken,
  user: Pick<UserDoc, '_id' | 'sessions'>,
  passwordHash: string,
  requestId: string,
): Promise<boolean> {
  // The token is spent in the same write that sets the password: a second use finds nothing.
  // Every session ends with it (whoever asked for the reset may not be the one logged in).
  const ended = sessionsEnded(
    user._id.toHexString(),
    (user.sessions ?? []).map((s) => s.sid),
    true,
    { requestId },
  );
  const spent = await app.outbox.updateOne<UserDoc>(
    USERS.collection,
    { ...valid, _id: user._id },
    {
      $set: { passwordHash, sessions: [], sessionsSeen: {} },
      $unset: { resetTokenHash: '', resetExpiresAt: '' },
      $inc: { tokenVersion: 1, rev: 1 },
    },
    [ended],
  );
  return spent.matchedCount === 1;
}

/** A signed-in user's new password, proved by the current one; `current` is the caller's session. */
export const changePassword = (
  app: ServiceApp,
  userId: ObjectId,
  passwords: { currPass: string; newPass: string },
  current: string | undefined,
  requestId: string,
) =>
  // The current password is checked before any work is spent on the new one; the session
  // that changed it stays, every other one ends.
  changeUser(
    app,
    userId,
    async (user) => {
      if (!(await checkPassword(user.passwordHash, passwords.currPass))) {
        throw badRequest('Current password is incorrect');
      }
      const others = (user.sessions ?? []).filter((s) => s.sid !== current);
      return {
        set: {
          passwordHash: await hashPassword(passwords.newPass),
          sessions: (user.sessions ?? []).filter((s) => s.sid === current),
          sessionsSeen: Object.fromEntries(
            Object.entries(user.sessionsSeen ?? {}).filter(([sid]) => sid === current),
          ),
        },
        unset: ['resetTokenHash', 'resetExpiresAt'],
        endsSessions: { sessionIds: others.map((s) => s.sid), all: false },
      };
    },
    { requestId },
  );
