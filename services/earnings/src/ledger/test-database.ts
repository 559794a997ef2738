/**
 * For the earnings' own tests: a database on the test servers under a name no other test uses,
 * with the ledger's, the withdrawals' and the disputes' indexes, as the service makes them at its start.
 */
import { isolation, testServers } from '@liveedu/test-kit';
import { type Db, MongoClient, type MongoClientOptions } from 'mongodb';
import { DISPUTES } from '../disputes/store.ts';
import { WITHDRAWALS } from '../withdrawals/store.ts';
import { LEDGER } from './store.ts';

/** The database, and `drop`, which removes it and disconnects. */
export async function earningsTestDatabase(
  label: string,
  options: MongoClientOptions = {},
): Promise<{ db: Db; drop(): Promise<void> }> {
  const client = await MongoClient.connect(testServers().mongoUrl, options);
  const db = client.db(isolation(label).dbName('earnings'));
  for (const spec of [LEDGER, WITHDRAWALS, DISPUTES])
    await db.collection(spec.collection).createIndexes(spec.indexes);
  return {
    db,
    async drop() {
      await db.dropDatabase().catch(() => {});
      await client.close();
    },
  };
}
