import type { CollectionIndexes } from '@liveedu/service-kit';
import type { Collection, Db } from 'mongodb';
import { USERS, type UserDoc } from './domain/user.ts';

export const usersOf = (db: Db): Collection<UserDoc> => db.collection<UserDoc>(USERS);

/** Only users that still exist. */
export const LIVE = { deletedAt: { $exists: false } } as const;

export const userIndexes: CollectionIndexes = {
  collection: USERS,
  indexes: [
    { key: { usernameKey: 1 }, name: 'username_unique', unique: true },
    { key: { emailKey: 1 }, name: 'email_unique', unique: true },
    { key: { createdAt: -1 }, name: 'newest' },
    { key: { role: 1 }, name: 'by_role' },
    { key: { day: 1 }, name: 'by_day' },
    { key: { month: 1 }, name: 'by_month' },
  ],
};
