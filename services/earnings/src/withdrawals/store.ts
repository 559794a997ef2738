import { EARNINGS_WITHDRAWAL_REQUESTED, EARNINGS_WITHDRAWAL_UPDATED } from '@liveedu/contracts';
import { isDuplicateKey, newEvent, type Outbox, storedCollection } from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';
import type { BankDetails } from '../bank-details/domain.ts';
import { bankDetailsOfTutor } from '../bank-details/store.ts';
import { accountKey, saleKey } from '../ledger/domain.ts';
import { accountOf, LEDGER, type LedgerEntry, ledgerLists } from '../ledger/store.ts';
import {
  CHAIN_START,
  type ChainLink,
  DAY_MS,
  type HeldBack,
  heldBack,
  linesInAccount,
  nextLink,
  type ReadLine,
  type WithdrawalStatus,
  withdrawableBalance,
  withdrawalProblem,
} from './domain.ts';
import { withdrawalEventData } from './events.ts';

export interface WithdrawalDoc {
  _id: ObjectId;
  tutorId: string;
  /** Position in the tutor's chain of withdrawals; unique per tutor (see domain.ts). */
  seq: number;
  amountPaise: number;
  /** Everything this tutor has withdrawn, this withdrawal included. */
  withdrawnTotalPaise: number;
  status: WithdrawalStatus;
  /** The account the payout goes to, as it was when the tutor asked. */
  bankDetails: BankDetails;
  /** The tutor's name at request time, in case the user read model has not caught up. */
  username: string;
  requestedAt: Date;
  updatedAt: Date;
}

export const WITHDRAWALS = storedCollection<WithdrawalDoc>('withdrawals', [
  { key: { tutorId: 1, seq: 1 }, name: 'tutor_chain_unique', unique: true },
  { key: { requestedAt: -1 }, name: 'newest' },
]);

/** How long credits are held (`PAYOUT_HOLD_DAYS`), and the moment the balance is taken at. */
export interface HoldPolicy {
  holdDays: number;
  now?: Date;
}

export interface Position {
  /** Everything credited, less refunds. */
  creditedPaise: number;
  held: HeldBack;
  /** The tutor's latest withdrawal (or the start of the chain). */
  last: ChainLink;
  /** What may be withdrawn now; negative while refunds after a withdrawal are being repaid. */
  balancePaise: number;
}

type StoredLine = Pick<
  LedgerEntry,
  '_id' | 'kind' | 'paymentId' | 'courseId' | 'tutorPaise' | 'paidAt' | 'frozenBy' | 'refundKey' | 'unposted'
>;
const LINE_FIELDS = {
  _id: 1,
  kind: 1,
  paymentId: 1,
  courseId: 1,
  tutorPaise: 1,
  paidAt: 1,
  frozenBy: 1,
  refundKey: 1,
  unposted: 1,
} as const;

const readLine = (line: StoredLine): ReadLine => {
  const refund = line.refundKey !== undefined;
  return {
    kind: refund ? 'refund' : 'sale',
    saleKey: line.refundKey ?? saleKey(line.paymentId, line.courseId),
    // A sale of before carts may be remembered by its bare payment id.
    accountKeys: refund ? [accountKey({ ...line, kind: 'refund' })] : [accountKey(line), line.paymentId],
    tutorPaise: line.tutorPaise,
    paidAt: line.paidAt,
    frozen: line.frozenBy !== undefined,
    posted: line.unposted === undefined,
  };
};

/** How many of a tutor's listed lines are read at a time, latest recorded first. */
const LINES_PAGE = 50;
/**
 * A tutor's list is in the order the lines were recorded, give or take events handled at the same
 * time: a page whose lines were all recorded this long before `since` ends the walk.
 */
const RECORDING_SLACK_MS = 60_000;
/** Disputes are rare: a tutor's frozen lines are read whole, up to this many. */
const FROZEN_READ = 1_000;

const linesByIds = (db: Db, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : LEDGER.in(db)
        .find<StoredLine & Pick<LedgerEntry, 'recordedAt'>>(
          { _id: { $in: ids } },
          { projection: { ...LINE_FIELDS, recordedAt: 1 } },
        )
        .toArray();

/**
 * The tutor's lines paid after `since`, from the head of the tutor's list: a line is recorded
 * after it is paid, so every such line was listed after `since`, and the walk stops at a page of
 * lines all recorded well before it.
 */
async function linesPaidSince(db: Db, tutorId: string, since: Date): Promise<StoredLine[]> {
  const list = ledgerLists(db).tutorLines;
  const oldEnough = since.getTime() - RECORDING_SLACK_MS;
  const found: StoredLine[] = [];
  for (let skip = 0; ; skip += LINES_PAGE) {
    const { ids, total } = await list.page(tutorId, skip, LINES_PAGE);
    const lines = await linesByIds(db, ids);
    found.push(...lines.filter((line) => line.paidAt > since));
    const pageIsOld = lines.every((line) => line.recordedAt.getTime() < oldEnough);
    if (ids.length === 0 || skip + LINES_PAGE >= total || pageIsOld) return found;
  }
}

/**
 * The tutor's lines that can hold credit back: those paid since `since` (sales within the hold and
 * the refunds of any of them, the head of the tutor's list, never all of it) and the frozen sales
 * of any age, with the refunds of the older ones.
 */
async function heldLines(db: Db, tutorId: string, since: Date): Promise<ReadLine[]> {
  const ledger = LEDGER.in(db);
  const recent = await linesPaidSince(db, tutorId, since);
  const { ids: maybeFrozen } = await ledgerLists(db).frozenLines.page(tutorId, 0, FROZEN_READ);
  const frozen = (await linesByIds(db, maybeFrozen)).filter((line) => line.frozenBy !== undefined);
  const olderFrozen = frozen
    .filter((line) => line.paidAt <= since)
    .map((line) => saleKey(line.paymentId, line.courseId));
  const refundsOfOlder =
    olderFrozen.length === 0
      ? []
      : await ledger
          .find<StoredLine>({ refundKey: { $in: olderFrozen } }, { projection: LINE_FIELDS })
          .toArray();
  return [...recent, ...frozen, ...refundsOfOlder].map(readLine);
}

/**
 * Where a tutor stands. The account is one document, read once; the lines are read just before
 * and just after it, and only those the account held when read are counted (`linesInAccount`), so
 * a sale or a refund being written meanwhile moves neither the credits nor what is held back.
 */
export async function tutorPosition(db: Db, tutorId: string, policy: HoldPolicy): Promise<Position> {
  const now = policy.now ?? new Date();
  const since = new Date(now.getTime() - policy.holdDays * DAY_MS);
  const [latest] = await WITHDRAWALS.in(db).find({ tutorId }).sort({ seq: -1 }).limit(1).toArray();
  const last: ChainLink = latest
    ? { seq: latest.seq, withdrawnTotalPaise: latest.withdrawnTotalPaise }
    : CHAIN_START;
  const before = await heldLines(db, tutorId, since);
  const account = await accountOf(db, tutorId);
  const after = await heldLines(db, tutorId, since);
  const { sales, refunded } = linesInAccount(before, after, new Set(account.creditedPayments));
  const held = heldBack(sales, refunded, now, policy.holdDays);
  const creditedPaise = account.creditedPaise;
  const balancePaise = withdrawableBalance({ creditedPaise, held, withdrawnPaise: last.withdrawnTotalPaise });
  return { creditedPaise, held, last, balancePaise };
}

export interface Tutor {
  userId: string;
  username: string;
}

/**
 * Appends a withdrawal of the whole balance to the chain after `position.last`, together with
 * its event. Resolves with null when another withdrawal got that place first (the unique
 * (tutorId, seq) index refuses the second), so a stale position can never withdraw twice.
 */
export async function appendWithdrawal(
  outbox: Outbox,
  tutor: Tutor,
  bank: BankDetails,
  position: Position,
  requestId?: string,
): Promise<WithdrawalDoc | null> {
  const now = new Date();
  const doc: WithdrawalDoc = {
    _id: new ObjectId(),
    tutorId: tutor.userId,
    ...nextLink(position.last, position.balancePaise),
    status: 'Processing',
    bankDetails: {
      fullName: bank.fullName,
      accountNumber: bank.accountNumber,
      nameOfBank: bank.nameOfBank,
      ifsc: bank.ifsc,
    },
    username: tutor.username,
    requestedAt: now,
    updatedAt: now,
  };
  const event = newEvent(EARNINGS_WITHDRAWAL_REQUESTED, withdrawalEventData(doc, now), {
    ...(requestId ? { requestId } : {}),
  });
  try {
    await outbox.insertOne(WITHDRAWALS.collection, doc, [event]);
  } catch (error) {
    if (isDuplicateKey(error)) return null;
    throw error;
  }
  return doc;
}

export type WithdrawalOutcome =
  | { kind: 'done'; withdrawal: WithdrawalDoc }
  | { kind: 'refused'; message: string };

/**
 * Withdraws the tutor's whole balance if the rules allow it now: one insert, made at most once
 * per place in the chain by the unique (tutorId, seq) index. A request that loses that race to a
 * simultaneous one is answered with what the rules say after the winner (nothing left to take),
 * read once; it never tries to insert again.
 */
export async function requestWithdrawal(
  db: Db,
  outbox: Outbox,
  tutor: Tutor,
  policy: HoldPolicy,
  requestId?: string,
): Promise<WithdrawalOutcome> {
  const bank = await bankDetailsOfTutor(db, tutor.userId);
  const position = await tutorPosition(db, tutor.userId, policy);
  const problem = withdrawalProblem({ balancePaise: position.balancePaise, hasBankDetails: bank !== null });
  if (problem || !bank) return { kind: 'refused', message: problem ?? '' };
  const withdrawal = await appendWithdrawal(outbox, tutor, bank, position, requestId);
  if (withdrawal) return { kind: 'done', withdrawal };
  const now = await tutorPosition(db, tutor.userId, policy);
  return {
    kind: 'refused',
    message:
      withdrawalProblem({ balancePaise: now.balancePaise, hasBankDetails: true }) ??
      'Another withdrawal has just taken this balance',
  };
}

export type StatusChange = 'missing' | 'already' | 'raced' | 'updated';

/** Sets a withdrawal's status and queues `earnings.withdrawal.updated` with the change. */
export async function setWithdrawalStatus(
  db: Db,
  outbox: Outbox,
  _id: ObjectId,
  status: WithdrawalStatus,
  requestId: string,
): Promise<StatusChange> {
  const current = await WITHDRAWALS.in(db).findOne({ _id });
  if (!current) return 'missing';
  if (current.status === status) return 'already';
  const now = new Date();
  // Conditional on the status read, so two admins acting at once publish one change each.
  const updated = await outbox.updateOne<WithdrawalDoc>(
    WITHDRAWALS.collection,
    { _id, status: current.status },
    { $set: { status, updatedAt: now } },
    [
      newEvent(EARNINGS_WITHDRAWAL_UPDATED, withdrawalEventData({ ...current, status }, now), {
        requestId,
      }),
    ],
  );
  return updated.matchedCount === 0 ? 'raced' : 'updated';
}
