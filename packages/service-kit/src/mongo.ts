import { type Collection, type Db, type Document, type IndexDescription, MongoClient } from 'mongodb';
import { isUnavailable } from './http/unavailable.ts';

export interface CollectionIndexes {
  collection: string;
  indexes: IndexDescription[];
}

/** A collection a feature owns: its name, its indexes and its documents' type, said once. */
export interface StoredCollection<T extends Document> extends CollectionIndexes {
  /** The collection in `db`, typed by its documents. */
  in(db: Db): Collection<T>;
}

/** Declares a collection; pass it to `createService({ indexes })` and read it with `.in(db)`. */
export function storedCollection<T extends Document>(
  collection: string,
  indexes: IndexDescription[] = [],
): StoredCollection<T> {
  return { collection, indexes, in: (db) => db.collection<T>(collection) };
}

export interface MongoHandle {
  client: MongoClient;
  db: Db;
  close(): Promise<void>;
}

export const MONGO_SELECTION_TIMEOUT_MS = 3_000;
/** How long a start waits for the database (a platform starting all at once, a busy machine). */
const START_TIMEOUT_MS = 30_000;

export async function connectMongo(url: string, dbName: string): Promise<MongoHandle> {
  const until = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const client = new MongoClient(url, {
      // While the database is away, a request waits this long for it before it is answered 503
      // (not left hanging); the driver keeps looking for the server and reconnects by itself.
      serverSelectionTimeoutMS: MONGO_SELECTION_TIMEOUT_MS,
      maxPoolSize: 20,
      appName: dbName,
    });
    try {
      await client.connect();
    } catch (error) {
      await client.close().catch(() => {});
      if (!isUnavailable(error) || Date.now() >= until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    const db = client.db(dbName);
    return { client, db, close: () => client.close() };
  }
}

/** Creates every index a service declares; safe to repeat at each start. */
export async function ensureIndexes(db: Db, specs: CollectionIndexes[]): Promise<void> {
  for (const spec of specs) {
    if (spec.indexes.length > 0) await db.collection(spec.collection).createIndexes(spec.indexes);
  }
}

/** MongoDB's duplicate-key error, as raised by a unique index. */
export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
