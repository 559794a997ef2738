import { isDuplicateKey, storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';

/**
 * Where a user's mail goes and what to call them, from identity's events, keyed by the user's id.
 * A deleted user keeps only `deleted`, so a late event neither brings their address back nor
 * gives them new notifications.
 */
export interface RecipientDoc {
  _id: string;
  email?: string;
  name?: string;
  deleted?: true;
}

export const RECIPIENTS = storedCollection<RecipientDoc>('recipients');

/** Upserts what identity says of a user, unless the user is gone. */
async function keep(db: Db, userId: string, fields: Pick<RecipientDoc, 'email' | 'name'>): Promise<void> {
  try {
    await RECIPIENTS.in(db).updateOne(
      { _id: userId, deleted: { $ne: true } },
      { $set: fields },
      { upsert: true },
    );
  } catch (error) {
    // The user was deleted (the filter missed their tombstone, and the upsert met it).
    if (!isDuplicateKey(error)) throw error;
  }
}

export const keepAddress = (db: Db, userId: string, email: string, name: string) =>
  keep(db, userId, { email, name });

export const keepName = (db: Db, userId: string, name: string) => keep(db, userId, { name });

/** The user's address goes; a tombstone stays. */
export async function forgetRecipient(db: Db, userId: string): Promise<void> {
  await RECIPIENTS.in(db).replaceOne({ _id: userId }, { deleted: true }, { upsert: true });
}

/** The recipients known of `userIds`, by key. */
export async function recipientsOf(db: Db, userIds: readonly string[]): Promise<Map<string, RecipientDoc>> {
  const found = await RECIPIENTS.in(db)
    .find({ _id: { $in: [...userIds] } })
    .toArray();
  return new Map(found.map((doc) => [doc._id, doc]));
}

export async function recipientOf(db: Db, userId: string): Promise<RecipientDoc | null> {
  return RECIPIENTS.in(db).findOne({ _id: userId });
}
