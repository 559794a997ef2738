import { isDuplicateKey, storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import { type Delivery, type Kind, type Preferences, preferencesOf } from './domain.ts';

/** What a user chose, per kind (kinds never chosen take their default); keyed by the user's id. */
export interface PreferencesDoc {
  _id: string;
  chosen: Partial<Record<Kind, Delivery>>;
  updatedAt: Date;
}

export const PREFERENCES = storedCollection<PreferencesDoc>('preferences');

export async function preferencesFor(db: Db, userId: string): Promise<Preferences> {
  return preferencesOf((await PREFERENCES.in(db).findOne({ _id: userId }))?.chosen);
}

/** The whole map of each of `userIds` (defaults for a user who never chose), read by key. */
export async function preferencesOfMany(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, Preferences>> {
  const found = await PREFERENCES.in(db)
    .find({ _id: { $in: [...userIds] } })
    .toArray();
  const chosen = new Map(found.map((doc) => [doc._id, doc.chosen]));
  return new Map(userIds.map((id) => [id, preferencesOf(chosen.get(id))]));
}

/** Sets the kinds given (one atomic update, so two changes at once both land); answers the whole map. */
export async function choosePreferences(
  db: Db,
  userId: string,
  changes: Partial<Record<Kind, Delivery>>,
): Promise<Preferences> {
  const set = Object.fromEntries(Object.entries(changes).map(([kind, value]) => [`chosen.${kind}`, value]));
  const write = () =>
    PREFERENCES.in(db).findOneAndUpdate(
      { _id: userId },
      { $set: { ...set, updatedAt: new Date() } },
      { upsert: true, returnDocument: 'after' },
    );
  // Two first choices at once: the other made the document, so this one now updates it.
  const updated = await write().catch((error: unknown) => {
    if (isDuplicateKey(error)) return write();
    throw error;
  });
  return preferencesOf(updated?.chosen);
}
