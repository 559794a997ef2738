import { type CollectionIndexes, keyedList } from '@liveedu/service-kit';
import type { Collection, Db } from 'mongodb';

export const FAVOURITES = 'favourites';

export interface FavouriteDoc {
  _id: string;
  userId: string;
  courseId: string;
  addedAt: Date;
}

export const favouritesOf = (db: Db): Collection<FavouriteDoc> => db.collection<FavouriteDoc>(FAVOURITES);

export const favouriteId = (userId: string, courseId: string) => `${userId}:${courseId}`;

/** A user's favourite course ids, newest first, read a page at a time by key. */
export const userFavourites = (db: Db) => keyedList(db, 'user_favourites');

export const favouriteIndexes: CollectionIndexes[] = [
  {
    collection: FAVOURITES,
    indexes: [
      { key: { userId: 1, addedAt: -1 }, name: 'by_user_newest' },
      { key: { courseId: 1 }, name: 'by_course' },
    ],
  },
];
