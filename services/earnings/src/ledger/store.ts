import { isDuplicateKey, storedCollection } from '@liveedu/service-kit';
import type { Collection, Db, Document, Filter } from 'mongodb';

export interface LedgerEntry {
  _id: string;
  paymentId: string;
  orderId: string;
  courseId: string;
  courseTitle: string;
  studentId: string;
  tutorId: string;
  grossPaise: number;
  tutorPaise: number;
  platformPaise: number;
  paidAt: Date;
  /** `YYYY-MM-DD` and `YYYY-MM` of `paidAt` in Asia/Kolkata. */
  day: string;
  month: string;
  recordedAt: Date;
}

export interface AccountDoc {
  /** The tutor's user id. */
  _id: string;
  creditedPaise: number;
  /** The latest credited payment ids, bounded: what makes a credit apply once. */
  creditedPayments: string[];
}

/** One entry per successful payment, keyed by the event id; the source of every figure. */
export const LEDGER = storedCollection<LedgerEntry>('ledger', [
  // A payment credits once even if it ever came under another event id.
  { key: { paymentId: 1 }, name: 'payment_unique', unique: true },
  { key: { tutorId: 1, paidAt: 1 }, name: 'by_tutor_time' },
  { key: { tutorId: 1, day: 1 }, name: 'by_tutor_day' },
  { key: { tutorId: 1, month: 1 }, name: 'by_tutor_month' },
  { key: { day: 1 }, name: 'by_day' },
  { key: { month: 1 }, name: 'by_month' },
]);
/** One per tutor: the running total of credits, read by key (see `creditAccount`). */
export const ACCOUNTS = storedCollection<AccountDoc>('accounts');

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

/**
 * How many of a tutor's latest credited payments the account remembers. A redelivered payment
 * event comes within seconds, so it only needs its own id to still be there.
 */
export const REMEMBERED_CREDITS = 500;

/**
 * The tutor's account, created on first need with the sum of the ledger entries written before
 * accounts existed. Every credit since then increments an existing account before its ledger
 * entry is written, so when no account exists every ledger entry is an earlier one; two creators
 * racing compute the same sum and one insert wins.
 */
async function ensureAccount(db: Db, tutorId: string): Promise<AccountDoc> {
  const accounts = ACCOUNTS.in(db);
  const ledger = LEDGER.in(db);
  const found = await accounts.findOne({ _id: tutorId });
  if (found) return found;
  const account: AccountDoc = {
    _id: tutorId,
    creditedPaise: await sumPaise(ledger, { tutorId }, 'tutorPaise'),
    creditedPayments: [],
  };
  try {
    await accounts.insertOne(account);
    return account;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    return (await accounts.findOne({ _id: tutorId })) as AccountDoc;
  }
}

/**
 * Adds a payment's tutor share to the account once: one atomic update, guarded on the payment's
 * id not being among the last credited (so a retry after a crash does not add it twice).
 */
export async function creditAccount(
  db: Db,
  tutorId: string,
  paymentId: string,
  tutorPaise: number,
): Promise<void> {
  await ensureAccount(db, tutorId);
  await ACCOUNTS.in(db).updateOne(
    { _id: tutorId, creditedPayments: { $ne: paymentId } },
    {
      $inc: { creditedPaise: tutorPaise },
      $push: { creditedPayments: { $each: [paymentId], $slice: -REMEMBERED_CREDITS } },
    },
  );
}

/** Everything ever credited to the tutor, in paise: one lookup by key. */
export async function creditedPaise(db: Db, tutorId: string): Promise<number> {
  return (await ensureAccount(db, tutorId)).creditedPaise;
}
