import type { ServiceApp } from '@liveedu/service-kit';
import type { ObjectId } from 'mongodb';
import { afterLogin, deviceOf, newSessionId, SESSION_DAYS } from './domain/sessions.ts';
import type { SessionEntry, UserDoc } from './domain/user.ts';
import { changeUser, LIVE, usersOf } from './users.ts';

const DAY_MS = 86_400_000;

/**
 * A log-in's session, kept on the user (so ending sessions and the event saying so are one
 * write): the expired ones and those beyond the cap end with it.
 */
export async function openSession(
  app: ServiceApp,
  userId: ObjectId,
  userAgent: string | undefined,
  requestId: string,
): Promise<{ session: SessionEntry; tokenVersion: number }> {
  const now = new Date();
  const session: SessionEntry = {
    sid: newSessionId(),
    device: deviceOf(userAgent),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY_MS),
  };
  const { after } = await changeUser(
    app,
    userId,
    (user) => {
      const { sessions, ended } = afterLogin(user, session, now);
      const kept = new Set(sessions.map((s) => s.sid));
      const seen = Object.fromEntries(
        Object.entries(user.sessionsSeen ?? {}).filter(([sid]) => kept.has(sid)),
      );
      return {
        set: { sessions, sessionsSeen: { ...seen, [session.sid]: now } },
        endsSessions: { sessionIds: ended, all: false },
      };
    },
    { requestId },
  );
  return { session, tokenVersion: after.tokenVersion ?? 0 };
}

/** Notes that a session was used; not a change of the user (no revision, no event). */
export async function sawSession(app: ServiceApp, user: Pick<UserDoc, '_id'>, sid: string): Promise<void> {
  await usersOf(app.db).updateOne(
    { _id: user._id, ...LIVE, 'sessions.sid': sid },
    { $set: { [`sessionsSeen.${sid}`]: new Date() } },
  );
}
