import { type Db, type IndexDescription, MongoClient } from 'mongodb';

export interface CollectionIndexes {
  collection: string;
  indexes: IndexDescription[];
}

export interface MongoHandle {
  client: MongoClient;
  db: Db;
  close(): Promise<void>;
}

export async function connectMongo(url: string, dbName: string): Promise<MongoHandle> {
  const client = new MongoClient(url, {
    serverSelectionTimeoutMS: 10_000,
    maxPoolSize: 20,
    appName: dbName,
  });
  await client.connect();
  const db = client.db(dbName);
  return { client, db, close: () => client.close() };
}

/** Creates every index a service declares; safe to repeat at each start. */
export async function ensureIndexes(db: Db, specs: CollectionIndexes[]): Promise<void> {
  // One index per call: FerretDB 1.24 drops the connection when a single createIndexes lists
  // several indexes that already exist, which is every start after the first.
  for (const spec of specs) {
    for (const index of spec.indexes) {
      await db.collection(spec.collection).createIndexes([index]);
    }
  }
}

/** MongoDB's duplicate-key error, as raised by a unique index. */
export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
