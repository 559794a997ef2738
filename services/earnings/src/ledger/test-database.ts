/**
 * For the earnings' own tests: a database on the test servers under a name no other test uses,
 * with the ledger's, the withdrawals' and the disputes' indexes, as the service makes them at its start.
 */
import { fileTestDatabase, testDatabase } from '@liveedu/test-kit';
import type { MongoClientOptions } from 'mongodb';
import { DISPUTES } from '../disputes/store.ts';
import { WITHDRAWALS } from '../withdrawals/store.ts';
import { LEDGER } from './store.ts';

const COLLECTIONS = [LEDGER, WITHDRAWALS, DISPUTES];

/** The database, and `drop`, which removes it and disconnects. */
export function earningsTestDatabase(label: string, options: MongoClientOptions = {}) {
  return testDatabase('earnings', label, COLLECTIONS, options);
}

/** The database of one test file: made before its tests, removed after them. */
export function earningsFileDatabase(label: string, options: MongoClientOptions = {}) {
  return fileTestDatabase('earnings', label, COLLECTIONS, options);
}
