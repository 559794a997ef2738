import type { FastifyBaseLogger } from 'fastify';
import type { AnyBulkWriteOperation, Db, Document, Filter } from 'mongodb';
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
  /** Every id of the owner's list, newest first (none for an owner with no list). */
  all(owner: string): Promise<string[]>;
  /** `limit` ids from `skip` on, newest first, and how many the list holds. */
  page(owner: string, skip: number, limit: number): Promise<{ ids: string[]; total: number }>;
  /** How many ids each owner's list holds (0 for an owner with none), by key. */
  sizes(owners: readonly string[]): Promise<Map<string, number>>;
  /** The newest `limit` ids of each of several owners' lists, in one lookup by key; owners with none are left out. */
  firstOf(owners: readonly string[], limit: number): Promise<Map<string, string[]>>;
}

export interface ListDoc {
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
      // A find by key (a count is an aggregation, which the embedded database answers by scanning).
      return (await lists.findOne({ _id: owner, ids: id }, { projection: { _id: 1 } })) !== null;
    },

    async all(owner) {
      return (await lists.findOne({ _id: owner }, { projection: { ids: 1 } }))?.ids ?? [];
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

    async sizes(owners) {
      const found = await lists.find({ _id: { $in: [...owners] } }, { projection: { count: 1 } }).toArray();
      const byOwner = new Map(found.map((doc) => [doc._id, doc.count]));
      return new Map(owners.map((owner) => [owner, byOwner.get(owner) ?? 0]));
    },

    async firstOf(owners, limit) {
      if (owners.length === 0) return new Map();
      const found = await lists
        .find({ _id: { $in: [...owners] } }, { projection: { ids: { $slice: [0, limit] } } })
        .toArray();
      return new Map(found.filter((doc) => doc.ids.length > 0).map((doc) => [doc._id, doc.ids]));
    },
  };
}

/** Where a keyed list's entries come from: one row per entry in another collection. */
export interface KeyedListSource {
  /** The collection of rows, e.g. `enrollments`. */
  rows: string;
  /** Only rows that match go into the list (default: all). */
  filter?: Filter<Document>;
  /** The keyed list's collection, e.g. `student_courses`. */
  list: string;
  /** The row field naming the owner (or the owner made from the row), and the one naming the entry. */
  owner: string | ((row: Document) => string);
  item: string;
  /** The row field (a date) that orders the list, newest first. */
  at: string;
}

/** One entry of a keyed list as its rows give it: whose list, which id, and when (ms). */
export interface KeyedListEntry {
  owner: string;
  id: string;
  at: number;
}

/**
 * The documents of the keyed lists holding `entries`, one per owner, newest first and each id
 * once: what `keyedList` reads, for writing many lists at once (a build, a data set written
 * around the service).
 */
export function keyedListDocs(entries: readonly KeyedListEntry[]): ListDoc[] {
  const byOwner = new Map<string, KeyedListEntry[]>();
  for (const entry of entries) {
    const owned = byOwner.get(entry.owner);
    if (owned) owned.push(entry);
    else byOwner.set(entry.owner, [entry]);
  }
  return [...byOwner].map(([owner, owned]) => {
    const ids = [...new Set(owned.sort((a, b) => b.at - a.at).map((e) => e.id))];
    return { _id: owner, ids, count: ids.length };
  });
}

const MIGRATIONS = 'migrations';

/**
 * Builds keyed lists from their rows once, for data written before the lists existed (or written
 * around the service). Each owner's document is replaced whole, so a build cut short is simply
 * done again at the next start; a marker in `migrations` says it is done.
 */
export async function buildKeyedLists(
  db: Db,
  marker: string,
  sources: KeyedListSource[],
  log: FastifyBaseLogger,
): Promise<void> {
  const migrations = db.collection<{ _id: string; at: Date }>(MIGRATIONS);
  if (await migrations.findOne({ _id: marker })) return;
  for (const source of sources) {
    const entries: KeyedListEntry[] = [];
    for await (const row of db.collection<Document>(source.rows).find(source.filter ?? {})) {
      entries.push({
        owner: typeof source.owner === 'string' ? String(row[source.owner]) : source.owner(row),
        id: String(row[source.item]),
        at: (row[source.at] as Date | undefined)?.getTime() ?? 0,
      });
    }
    const writes: AnyBulkWriteOperation<ListDoc>[] = keyedListDocs(entries).map(({ _id, ...list }) => ({
      replaceOne: { filter: { _id }, replacement: list, upsert: true },
    }));
    for (let at = 0; at < writes.length; at += 500) {
      await db.collection<ListDoc>(source.list).bulkWrite(writes.slice(at, at + 500), { ordered: false });
    }
    if (writes.length > 0) log.info({ list: source.list, owners: writes.length }, 'built per-owner lists');
  }
  await migrations.updateOne({ _id: marker }, { $set: { at: new Date() } }, { upsert: true });
}
