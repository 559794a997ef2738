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

/** Sums one amount per value of a key (`day` or `month`), in paise. */
export async function sumPaiseBy(
  ledger: Collection<LedgerEntry>,
  match: Filter<LedgerEntry>,
  key: 'day' | 'month',
  amount: Amount,
): Promise<Map<string, number>> {
  const rows = await ledger
    .aggregate<{ _id: string; total: number }>([
      { $match: match as Document },
      { $group: { _id: `$${key}`, total: { $sum: `$${amount}` } } },
    ])
    .toArray();
  return new Map(rows.map((row) => [row._id, row.total]));
}
