import { isDuplicateKey, storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';

export interface UserDoc {
  _id: string;
  username?: string;
  email?: string;
  /** When the username we hold was true, so an older event never overwrites a newer one. */
  usernameAt?: Date;
  deletedAt?: Date;
}

/** What earnings knows of users (from identity's events), to name tutors to the admin. */
export const USERS = storedCollection<UserDoc>('users');

/** The users with these ids that we know of, by id. */
export async function usersByIds(db: Db, ids: string[]): Promise<Map<string, UserDoc>> {
  return new Map<string, UserDoc>(
    ids.length === 0
      ? []
      : (
          await USERS.in(db)
            .find({ _id: { $in: ids } })
            .toArray()
        ).map((user) => [user._id, user]),
  );
}

export async function keepEmail(db: Db, userId: string, email: string): Promise<void> {
  await USERS.in(db).updateOne({ _id: userId }, { $set: { email } }, { upsert: true });
}

/**
 * Stores a username unless a newer one is already kept: events can arrive out of order. When
 * the user exists with a newer name the filter misses, the upsert collides on `_id`, and that
 * collision means "nothing to do".
 */
export async function keepUsername(db: Db, userId: string, username: string, at: Date): Promise<void> {
  const when = Number.isNaN(at.getTime()) ? new Date(0) : at;
  try {
    await USERS.in(db).updateOne(
      { _id: userId, $or: [{ usernameAt: { $exists: false } }, { usernameAt: { $lte: when } }] },
      { $set: { username, usernameAt: when } },
      { upsert: true },
    );
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

export async function noteDeleted(db: Db, userId: string, at: Date): Promise<void> {
  await USERS.in(db).updateOne({ _id: userId }, { $set: { deletedAt: at } }, { upsert: true });
}
