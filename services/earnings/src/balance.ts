import type { Db } from 'mongodb';
import { creditedPaise as creditedOf } from './accounts.ts';
import { collections } from './collections.ts';
import { availableBalance, CHAIN_START, type ChainLink } from './domain/withdrawal.ts';

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
  const { withdrawals } = collections(db);
  const [latest] = await withdrawals.find({ tutorId }).sort({ seq: -1 }).limit(1).toArray();
  const last: ChainLink = latest
    ? { seq: latest.seq, withdrawnTotalPaise: latest.withdrawnTotalPaise }
    : CHAIN_START;
  const creditedPaise = await creditedOf(db, tutorId);
  return { creditedPaise, last, balancePaise: availableBalance(creditedPaise, last.withdrawnTotalPaise) };
}
