import { EARNINGS_WITHDRAWAL_REQUESTED, EARNINGS_WITHDRAWAL_UPDATED } from '@liveedu/contracts';
import { isDuplicateKey, newEvent, type Outbox, storedCollection } from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';
import type { BankDetails } from '../bank-details/domain.ts';
import { bankDetailsOfTutor } from '../bank-details/store.ts';
import { creditedPaise as creditedOf } from '../ledger/store.ts';
import {
  availableBalance,
  CHAIN_START,
  type ChainLink,
  nextLink,
  type WithdrawalStatus,
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

export interface Position {
  creditedPaise: number;
  /** The tutor's latest withdrawal (or the start of the chain). */
  last: ChainLink;
  balancePaise: number;
}

/**
 * Where a tutor stands. The latest link is read before the credits: credits only grow, so a
 * credit arriving in between can only make the balance look smaller, never larger.
 */
export async function tutorPosition(db: Db, tutorId: string): Promise<Position> {
  const [latest] = await WITHDRAWALS.in(db).find({ tutorId }).sort({ seq: -1 }).limit(1).toArray();
  const last: ChainLink = latest
    ? { seq: latest.seq, withdrawnTotalPaise: latest.withdrawnTotalPaise }
    : CHAIN_START;
  const creditedPaise = await creditedOf(db, tutorId);
  return { creditedPaise, last, balancePaise: availableBalance(creditedPaise, last.withdrawnTotalPaise) };
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
  requestId?: string,
): Promise<WithdrawalOutcome> {
  const bank = await bankDetailsOfTutor(db, tutor.userId);
  const position = await tutorPosition(db, tutor.userId);
  const problem = withdrawalProblem({ balancePaise: position.balancePaise, hasBankDetails: bank !== null });
  if (problem || !bank) return { kind: 'refused', message: problem ?? '' };
  const withdrawal = await appendWithdrawal(outbox, tutor, bank, position, requestId);
  if (withdrawal) return { kind: 'done', withdrawal };
  const now = await tutorPosition(db, tutor.userId);
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
