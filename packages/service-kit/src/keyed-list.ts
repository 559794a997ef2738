import type { Db } from 'mongodb';
import { isDuplicateKey } from './mongo.ts';

/**
 * A list of ids per owner, newest first, in one document keyed by the owner: a student's
 * enrollments, a tutor's sales. Reading a page is one lookup by key (`$slice`), never a filter or
 * a sort over the collection the ids point into — the embedded database would scan it. Adding
 * and removing are single atomic updates guarded on the id's presence, so each id is in the list
 * at most once and `count` always equals its length, however many writes race.
 */
export interface KeyedList {
  /** Puts the id first in the owner's list; false when it was there already. */
  add(owner: string, id: string): Promise<boolean>;
  /** Takes the id out of the owner's list; false when it was not there. */
  remove(owner: string, id: string): Promise<boolean>;
  has(owner: string, id: string): Promise<boolean>;
  /** `limit` ids from `skip` on, newest first, and how many the list holds. */
  page(owner: string, skip: number, limit: number): Promise<{ ids: string[]; total: number }>;
}

interface ListDoc {
  _id: string;
  ids: string[];
  count: number;
}

export function keyedList(db: Db, collection: string): KeyedList {
  const lists = db.collection<ListDoc>(collection);
  return {
    async add(owner, id) {
      try {
        await lists.updateOne({ _id: owner }, { $setOnInsert: { ids: [], count: 0 } }, { upsert: true });
      } catch (error) {
        // Two first writes for one owner at once: the other created the document.
        if (!isDuplicateKey(error)) throw error;
      }
      const result = await lists.updateOne(
        { _id: owner, ids: { $ne: id } },
        { $push: { ids: { $each: [id], $position: 0 } }, $inc: { count: 1 } },
      );
      return result.modifiedCount === 1;
    },

    async remove(owner, id) {
      const result = await lists.updateOne(
        { _id: owner, ids: id },
        { $pull: { ids: id }, $inc: { count: -1 } },
      );
      return result.modifiedCount === 1;
    },

    async has(owner, id) {
      return (await lists.countDocuments({ _id: owner, ids: id }, { limit: 1 })) === 1;
    },

    async page(owner, skip, limit) {
      if (skip > 0) {
        // mongo-java-server fails a `$slice` that starts past the end instead of returning
        // nothing, so a later page first reads how long the list is.
        const total = (await lists.findOne({ _id: owner }, { projection: { count: 1 } }))?.count ?? 0;
        if (skip >= total) return { ids: [], total };
      }
      const doc = await lists.findOne(
        { _id: owner },
        { projection: { ids: { $slice: [skip, limit] }, count: 1 } },
      );
      return { ids: doc?.ids ?? [], total: doc?.count ?? 0 };
    },
  };
}
