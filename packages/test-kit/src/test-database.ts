import { type Db, type IndexDescription, MongoClient, type MongoClientOptions } from 'mongodb';
import { isolation, testServers } from './index.ts';

/** A collection as a service declares it: its name and the indexes the service makes at its start. */
export interface IndexedCollection {
  collection: string;
  indexes: IndexDescription[];
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
  for (const spec of collections) {
    if (spec.indexes.length > 0) await db.collection(spec.collection).createIndexes(spec.indexes);
  }
  return {
    db,
    async drop() {
      await db.dropDatabase().catch(() => {});
      await client.close();
    },
  };
}
