import { type Db, type IndexDescription, MongoClient, type MongoClientOptions } from 'mongodb';
import { afterAll, beforeAll } from 'vitest';
import { isolation, testServers } from './index.ts';

/** A collection as a service declares it: its name and the indexes the service makes at its start. */
export interface IndexedCollection {
  collection: string;
  indexes: IndexDescription[];
}

async function makeIndexes(db: Db, collections: IndexedCollection[]): Promise<void> {
  for (const spec of collections) {
    if (spec.indexes.length > 0) await db.collection(spec.collection).createIndexes(spec.indexes);
  }
}

async function dropAndClose(db: Db, client: MongoClient): Promise<void> {
  await db.dropDatabase().catch(() => {});
  await client.close();
}

/**
 * A service's database on the test servers under a name no other test uses, with the given
 * collections' indexes made as the service makes them at its start. `drop` removes it and disconnects.
 */
export async function testDatabase(
  service: string,
  label: string,
  collections: IndexedCollection[] = [],
  options: MongoClientOptions = {},
): Promise<{ db: Db; drop(): Promise<void> }> {
  const client = await MongoClient.connect(testServers().mongoUrl, options);
  const db = client.db(isolation(label).dbName(service));
  await makeIndexes(db, collections);
  return { db, drop: () => dropAndClose(db, client) };
}

/**
 * The database of one test file, as `testDatabase` makes it: connected and given its indexes
 * before the file's tests (`beforeAll`), removed and disconnected after them (`afterAll`).
 * Call it at the top of the file; the tests use the `Db` it returns.
 */
export function fileTestDatabase(
  service: string,
  label: string,
  collections: IndexedCollection[] = [],
  options: MongoClientOptions = {},
): Db {
  const client = new MongoClient(testServers().mongoUrl, options);
  const db = client.db(isolation(label).dbName(service));
  beforeAll(async () => {
    await client.connect();
    await makeIndexes(db, collections);
  });
  afterAll(() => dropAndClose(db, client));
  return db;
}
