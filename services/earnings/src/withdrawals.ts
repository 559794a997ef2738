import { EARNINGS_WITHDRAWAL_REQUESTED, type EarningsWithdrawalData } from '@liveedu/contracts';
import { isDuplicateKey, newEvent, type Outbox } from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';
import { type Position, tutorPosition } from './balance.ts';
import { collections, WITHDRAWALS, type WithdrawalDoc } from './collections.ts';
import type { BankDetails } from './domain/bank-details.ts';
import { nextLink, withdrawalProblem } from './domain/withdrawal.ts';

export const withdrawalEventData = (doc: WithdrawalDoc, at: Date): EarningsWithdrawalData => ({
  withdrawalId: doc._id.toHexString(),
  tutorId: doc.tutorId,
  amountPaise: doc.amountPaise,
  status: doc.status,
  at: at.toISOString(),
});

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
    await outbox.insertOne(WITHDRAWALS, doc, [event]);
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
  const bank = await collections(db).bankDetails.findOne({ _id: tutor.userId });
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
