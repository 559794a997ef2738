import type { Db } from 'mongodb';
import { SESSIONS, type SessionDoc } from '../sessions/store.ts';

/** Remembers that the host removed the user from the class: no new token for them. */
export async function rememberRemoval(db: Db, session: SessionDoc, userId: string): Promise<void> {
  await SESSIONS.in(db).updateOne({ _id: session._id }, { $addToSet: { removed: userId } });
}

export const wasRemoved = (session: SessionDoc, userId: string) => session.removed.includes(userId);
