import { keyedList, storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';

export interface FavouriteDoc {
  _id: string;
  userId: string;
  courseId: string;
  addedAt: Date;
}

export const FAVOURITES = storedCollection<FavouriteDoc>('favourites', [
  { key: { userId: 1, addedAt: -1 }, name: 'by_user_newest' },
  { key: { courseId: 1 }, name: 'by_course' },
]);

export const favouriteId = (userId: string, courseId: string) => `${userId}:${courseId}`;

/** A user's favourite course ids, newest first, read a page at a time by key. */
export const userFavourites = (db: Db) => keyedList(db, 'user_favourites');
