import { isDuplicateKey } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import { type AccountDoc, collections } from './collections.ts';
import { sumPaise } from './ledger.ts';

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
  const { accounts, ledger } = collections(db);
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
  await collections(db).accounts.updateOne(
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
