import { toRupees } from '../ledger/domain.ts';

export const WITHDRAWAL_STATUSES = ['Processing', 'Success'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** A withdrawal is possible only when the balance is strictly above this (₹1000). */
export const MIN_WITHDRAWAL_BALANCE_PAISE = 100_000;

export const BALANCE_TOO_LOW = `Balance should be above ${toRupees(MIN_WITHDRAWAL_BALANCE_PAISE)} to get withdrawl.`;
export const BANK_DETAILS_MISSING = 'Please add your bank details before requesting a withdrawal';

export function isWithdrawalStatus(value: unknown): value is WithdrawalStatus {
  return (WITHDRAWAL_STATUSES as readonly unknown[]).includes(value);
}

/**
 * Credits minus everything withdrawn. Every withdrawal counts, whatever its status: both
 * Processing and Success mean the money has left the tutor's hands.
 */
export function availableBalance(creditedPaise: number, withdrawnPaise: number): number {
  return Math.max(0, creditedPaise - withdrawnPaise);
}

/** Why a withdrawal of the whole balance cannot be made now, or null when it can. */
export function withdrawalProblem(input: { balancePaise: number; hasBankDetails: boolean }): string | null {
  if (!input.hasBankDetails) return BANK_DETAILS_MISSING;
  if (input.balancePaise <= MIN_WITHDRAWAL_BALANCE_PAISE) return BALANCE_TOO_LOW;
  return null;
}

/**
 * A tutor's withdrawals form a chain: number n records the running total withdrawn up to and
 * including itself, and a unique (tutorId, seq) index lets only one request append number n.
 * Two requests that read the same last link therefore cannot both succeed.
 */
export interface ChainLink {
  seq: number;
  withdrawnTotalPaise: number;
}

export const CHAIN_START: ChainLink = { seq: 0, withdrawnTotalPaise: 0 };

/** The next link when the whole balance is withdrawn after `last`. */
export function nextLink(last: ChainLink, balancePaise: number): ChainLink & { amountPaise: number } {
  return {
    seq: last.seq + 1,
    amountPaise: balancePaise,
    withdrawnTotalPaise: last.withdrawnTotalPaise + balancePaise,
  };
}
