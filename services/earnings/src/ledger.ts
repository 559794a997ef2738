import type { Collection, Document, Filter } from 'mongodb';
import type { LedgerEntry } from './collections.ts';

type Amount = 'grossPaise' | 'tutorPaise' | 'platformPaise';

/** Sums one amount over the entries that match, in paise. */
export async function sumPaise(
  ledger: Collection<LedgerEntry>,
  match: Filter<LedgerEntry>,
  amount: Amount,
): Promise<number> {
  const [row] = await ledger
    .aggregate<{ total: number }>([
      { $match: match as Document },
      { $group: { _id: null, total: { $sum: `$${amount}` } } },
    ])
    .toArray();
  return row?.total ?? 0;
}
