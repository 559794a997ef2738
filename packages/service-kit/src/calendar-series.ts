import type { Collection, Document, Filter } from 'mongodb';

/**
 * A chart's values from documents that carry their calendar `day` (`YYYY-MM-DD`) and `month`
 * (`YYYY-MM`): one value per key of `keys` (oldest first, as `lastDays`/`lastMonths` give them),
 * the number of matching documents, or the sum of `sum` over them; zero where there were none.
 * The keys are a plain range, so the server groups with no date operators.
 */
export async function seriesPerKey<T extends Document>(
  collection: Collection<T>,
  field: 'day' | 'month',
  keys: readonly string[],
  opts: { match?: Filter<T>; sum?: keyof T & string } = {},
): Promise<number[]> {
  if (keys.length === 0) return [];
  const rows = await collection
    .aggregate<{ _id: string; value: number }>([
      { $match: { ...(opts.match as Document), [field]: { $gte: keys[0], $lte: keys[keys.length - 1] } } },
      { $group: { _id: `$${field}`, value: { $sum: opts.sum ? `$${opts.sum}` : 1 } } },
    ])
    .toArray();
  const values = new Map(rows.map((row) => [row._id, row.value]));
  return keys.map((key) => values.get(key) ?? 0);
}
