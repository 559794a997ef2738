import {
  buildKeyedLists,
  type HandlerContext,
  isDuplicateKey,
  keyedList,
  storedCollection,
} from '@liveedu/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Collection, Db, Document, Filter } from 'mongodb';
import { accountKey, type LineKind } from './domain.ts';

export interface LedgerEntry {
  /** The id of the event that wrote the line. */
  _id: string;
  /** Absent on lines written before refunds existed: those are all sales. */
  kind?: LineKind;
  paymentId: string;
  orderId: string;
  courseId: string;
  courseTitle: string;
  studentId: string;
  tutorId: string;
  /** Positive for a sale; a refund's are the sale's own amounts, negative. */
  grossPaise: number;
  tutorPaise: number;
  platformPaise: number;
  /** When the money moved: the payment for a sale, the refund for a refund. */
  paidAt: Date;
  /** `YYYY-MM-DD` and `YYYY-MM` of `paidAt` in Asia/Kolkata. */
  day: string;
  month: string;
  recordedAt: Date;
  /** A refund's: the refunded sale's key (`saleKey`), unique among refunds. */
  refundKey?: string;
  /** A refund's: Razorpay's refund id. */
  refundId?: string;
  /** A sale's, while a dispute of its payment is open: the dispute's id. */
  frozenBy?: string;
  /**
   * Set while the line is written but not yet taken into the tutor's account (see `postLine`);
   * removed once it is. Lines without it are in the account.
   */
  unposted?: true;
}

export interface AccountDoc {
  /** The tutor's user id. */
  _id: string;
  /** The tutor's share of every sale, less every refund, in paise. */
  creditedPaise: number;
  /**
   * The latest lines taken in (`accountKey`: a sale's key, or `refund:` and it), bounded: what
   * makes a line change the account once. Older accounts also hold bare payment ids.
   */
  creditedPayments: string[];
}

/** The index of before carts, when one payment paid one course: one line per payment. */
export const LEGACY_PAYMENT_INDEX = 'payment_unique';

/** One line per course sold and one per refund, keyed by the event id; the source of every figure. */
export const LEDGER = storedCollection<LedgerEntry>('ledger', [
  // One sale line per payment and course, however many events report it; a refund line
  // carries the sale's key in `refundKey`, so it has its own place beside the sale.
  { key: { paymentId: 1, courseId: 1, refundKey: 1 }, name: 'line_unique', unique: true },
  // One refund per sale.
  { key: { refundKey: 1 }, name: 'refund_unique', unique: true, sparse: true },
  { key: { tutorId: 1, paidAt: 1 }, name: 'by_tutor_time' },
  { key: { tutorId: 1, frozenBy: 1 }, name: 'by_tutor_frozen' },
  { key: { tutorId: 1, day: 1 }, name: 'by_tutor_day' },
  { key: { tutorId: 1, month: 1 }, name: 'by_tutor_month' },
  { key: { day: 1 }, name: 'by_day' },
  { key: { month: 1 }, name: 'by_month' },
]);
/** One per tutor: the running total of credits, read by key (see `postLine`). */
export const ACCOUNTS = storedCollection<AccountDoc>('accounts');

/**
 * Drops the one-line-per-payment index of before carts (`line_unique` replaces it), so that the
 * second course of a cart gets its line. Lines written under it stay valid.
 */
export async function dropLegacyPaymentIndex(db: Db, log: HandlerContext['log']): Promise<void> {
  const indexes = await LEDGER.in(db)
    .indexes()
    .catch(() => []);
  if (!indexes.some((index) => index.name === LEGACY_PAYMENT_INDEX)) return;
  await LEDGER.in(db).dropIndex(LEGACY_PAYMENT_INDEX);
  log.info('dropped the one-line-per-payment ledger index; lines are unique per payment and course');
}

/** The sale line of a course bought with a payment, refunded or not. */
export function saleLine(db: Db, paymentId: string, courseId: string): Promise<LedgerEntry | null> {
  return LEDGER.in(db).findOne({ paymentId, courseId, refundKey: { $exists: false } });
}

/**
 * Each tutor's ledger lines, latest recorded first, and those a dispute may hold frozen (a
 * superset: a line there is frozen only while it says so), read by key: the embedded database
 * would scan the ledger for a tutor's lines by range or flag.
 */
export const ledgerLists = (db: Db) => ({
  tutorLines: keyedList(db, 'tutor_lines'),
  frozenLines: keyedList(db, 'tutor_frozen_lines'),
});

/** Builds the tutors' lists from the ledger once, for lines written before the lists existed. */
export function ensureLedgerLists(db: Db, log: FastifyBaseLogger): Promise<void> {
  return buildKeyedLists(
    db,
    'ledger-lists-1',
    [
      { rows: LEDGER.collection, list: 'tutor_lines', owner: 'tutorId', item: '_id', at: 'recordedAt' },
      {
        rows: LEDGER.collection,
        filter: { frozenBy: { $exists: true } },
        list: 'tutor_frozen_lines',
        owner: 'tutorId',
        item: '_id',
        at: 'recordedAt',
      },
    ],
    log,
  );
}

/**
 * Writes a line once: ours, or the one already written for the same sale or refund (under this
 * event id or another). Throws when the insert is refused and no such line exists, which only
 * the one-line-per-payment index can cause until `dropLegacyPaymentIndex` has run: the event is
 * then handled again later. The line is listed for its tutor first: a listed id whose line was
 * never written is skipped, a line missing from the list would be missed.
 */
export async function insertLine(db: Db, line: LedgerEntry): Promise<LedgerEntry> {
  const ledger = LEDGER.in(db);
  await ledgerLists(db).tutorLines.add(line.tutorId, line._id);
  try {
    await ledger.insertOne(line);
    return line;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  const same =
    (await ledger.findOne({ _id: line._id })) ??
    (line.refundKey
      ? await ledger.findOne({ refundKey: line.refundKey })
      : await saleLine(db, line.paymentId, line.courseId));
  if (!same) throw new Error(`ledger line ${line._id} refused by an index of before carts`);
  return same;
}

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
 * How many of a tutor's latest lines the account remembers. A redelivered event comes within
 * seconds, so it only needs its own line's key to still be there.
 */
export const REMEMBERED_CREDITS = 500;

/**
 * The tutor's account, created on first need with the sum of the lines already taken in: the
 * ones written before accounts existed. A line is marked taken in (`unposted` removed) only after
 * it changed an existing account, so when no account exists no line written since is counted;
 * two creators racing compute the same sum and one insert wins.
 */
async function ensureAccount(db: Db, tutorId: string): Promise<AccountDoc> {
  const accounts = ACCOUNTS.in(db);
  const found = await accounts.findOne({ _id: tutorId });
  if (found) return found;
  const account: AccountDoc = {
    _id: tutorId,
    creditedPaise: await sumPaise(LEDGER.in(db), { tutorId, unposted: { $exists: false } }, 'tutorPaise'),
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
 * Adds `tutorPaise` (negative for a refund) to the account once: one atomic update, guarded on
 * `key` not being among the last taken in (so a retry after a crash does not add it twice).
 * `also` are older keys that mean the same line (a bare payment id, from before carts).
 */
export async function creditAccount(
  db: Db,
  tutorId: string,
  key: string,
  tutorPaise: number,
  also: string[] = [],
): Promise<void> {
  await ensureAccount(db, tutorId);
  await ACCOUNTS.in(db).updateOne(
    { _id: tutorId, creditedPayments: { $nin: [key, ...also] } },
    {
      $inc: { creditedPaise: tutorPaise },
      $push: { creditedPayments: { $each: [key], $slice: -REMEMBERED_CREDITS } },
    },
  );
}

/**
 * Takes a written line into its tutor's account, then marks it taken in. A crash in between is
 * finished by the event's redelivery: the account's guard refuses the second change. A sale from
 * before carts may have been credited under its bare payment id: that counts as the same line.
 */
export async function postLine(db: Db, line: LedgerEntry): Promise<void> {
  const legacy = line.kind === 'refund' ? [] : [line.paymentId];
  await creditAccount(db, line.tutorId, accountKey(line), line.tutorPaise, legacy);
  await LEDGER.in(db).updateOne({ _id: line._id }, { $unset: { unposted: '' } });
}

/** The tutor's account (made on first need): one lookup by key. */
export function accountOf(db: Db, tutorId: string): Promise<AccountDoc> {
  return ensureAccount(db, tutorId);
}

/** Everything credited to the tutor less everything refunded, in paise: one lookup by key. */
export async function creditedPaise(db: Db, tutorId: string): Promise<number> {
  return (await ensureAccount(db, tutorId)).creditedPaise;
}
