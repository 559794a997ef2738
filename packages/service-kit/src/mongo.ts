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
  for (const spec of specs) {
    if (spec.indexes.length > 0) await db.collection(spec.collection).createIndexes(spec.indexes);
  }
}

/** MongoDB's duplicate-key error, as raised by a unique index. */
export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
