import { isDuplicateKey } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import { collections } from './collections.ts';

/**
 * Stores a username unless a newer one is already kept: events can arrive out of order. When
 * the user exists with a newer name the filter misses, the upsert collides on `_id`, and that
 * collision means "nothing to do".
 */
export async function keepUsername(db: Db, userId: string, username: string, at: Date): Promise<void> {
  const when = Number.isNaN(at.getTime()) ? new Date(0) : at;
  try {
    await collections(db).users.updateOne(
      { _id: userId, $or: [{ usernameAt: { $exists: false } }, { usernameAt: { $lte: when } }] },
      { $set: { username, usernameAt: when } },
      { upsert: true },
    );
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}
