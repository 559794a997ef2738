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

/**
 * How often the driver's connection pool looks for connections to open or drop. Its default,
 * 100 ms, wakes an idle service ten times a second (about 0.4% of a core per process) for a
 * check that has nothing to do here: the pool keeps no minimum size and no idle limit, and a
 * connection that fails is dropped when it is next used.
 */
export const POOL_CHECK_MS = 10_000;

/**
 * The driver takes that period as an option its public types leave out and its option parser
 * refuses, so it is set on the parsed options, which `connect()` hands to every server's pool.
 */
function quietPool(client: MongoClient): void {
  (client.options as { minPoolSizeCheckFrequencyMS?: number }).minPoolSizeCheckFrequencyMS = POOL_CHECK_MS;
}

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
    quietPool(client);
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
