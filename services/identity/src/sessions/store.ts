import { notFound, type ServiceApp } from '@liveedu/service-kit';
import type { ObjectId } from 'mongodb';
import { changeUser, LIVE, USERS, type UserChange, type UserDoc } from '../accounts/store.ts';
import {
  afterLogin,
  deviceOf,
  newSessionId,
  openSessions,
  SESSION_DAYS,
  type SessionEntry,
} from './domain.ts';

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
  await USERS.in(app.db).updateOne(
    { _id: user._id, ...LIVE, 'sessions.sid': sid },
    { $set: { [`sessionsSeen.${sid}`]: new Date() } },
  );
}

/** The change that ends the user's sessions `pick` chooses, with the event saying so. */
const ending = (user: UserDoc, pick: (sid: string) => boolean): UserChange => ({
  set: {
    sessions: (user.sessions ?? []).filter((s) => !pick(s.sid)),
    sessionsSeen: Object.fromEntries(Object.entries(user.sessionsSeen ?? {}).filter(([sid]) => !pick(sid))),
  },
  endsSessions: { sessionIds: (user.sessions ?? []).map((s) => s.sid).filter(pick), all: false },
});

/** Ends the sessions `pick` chooses among the caller's open ones (with the event saying so). */
export const endSessions = (
  app: ServiceApp,
  userId: ObjectId,
  pick: (sid: string) => boolean,
  requestId: string,
) => changeUser(app, userId, (user) => ending(user, pick), { requestId });

/** Ends every session of the user at once: tokens of an older version stop working. */
export const endAllSessions = (app: ServiceApp, userId: ObjectId, requestId: string) =>
  changeUser(
    app,
    userId,
    (user) => ({
      set: { sessions: [], sessionsSeen: {}, tokenVersion: (user.tokenVersion ?? 0) + 1 },
      endsSessions: { sessionIds: (user.sessions ?? []).map((s) => s.sid), all: true },
    }),
    { requestId },
  );

/** Ends one open session of the user (404 when it is not one). */
export const endSession = (app: ServiceApp, userId: ObjectId, sid: string, requestId: string) =>
  changeUser(
    app,
    userId,
    (user) => {
      if (!openSessions(user, new Date()).some((s) => s.sid === sid)) throw notFound('Session not found');
      return ending(user, (other) => other === sid);
    },
    { requestId },
  );
