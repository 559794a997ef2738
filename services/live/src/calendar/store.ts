import { randomBytes } from 'node:crypto';
import { isDuplicateKey, storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';

/** A user's private calendar feed: its token is the key to their coming classes. */
export interface FeedDoc {
  _id: string;
  token: string;
  createdAt: Date;
}

export const FEEDS = storedCollection<FeedDoc>('calendar_feeds', [
  { key: { token: 1 }, name: 'by_token', unique: true },
]);

/** 32 random bytes: a token nobody guesses. */
const newToken = () => randomBytes(32).toString('base64url');

/** The user's feed token, made on the first call. */
export async function feedTokenOf(db: Db, userId: string, now: Date): Promise<string> {
  const feeds = FEEDS.in(db);
  const found = await feeds.findOne({ _id: userId });
  if (found) return found.token;
  try {
    await feeds.insertOne({ _id: userId, token: newToken(), createdAt: now });
  } catch (error) {
    // Two first calls at once: the other made it.
    if (!isDuplicateKey(error)) throw error;
  }
  const made = await feeds.findOne({ _id: userId });
  if (!made) throw new Error('calendar feed not stored');
  return made.token;
}

/** A new token for the user's feed; the old one stops working. */
export async function renewFeedToken(db: Db, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await FEEDS.in(db).updateOne({ _id: userId }, { $set: { token, createdAt: now } }, { upsert: true });
  return token;
}

/** Whose feed a token opens (a unique-key lookup), or null. */
export async function feedOwner(db: Db, token: string): Promise<string | null> {
  return (await FEEDS.in(db).findOne({ token }, { projection: { _id: 1 } }))?._id ?? null;
}

export async function forgetFeed(db: Db, userId: string): Promise<void> {
  await FEEDS.in(db).deleteOne({ _id: userId });
}
