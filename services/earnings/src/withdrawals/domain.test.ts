import { describe, expect, it } from 'vitest';
import {
  availableBalance,
  BALANCE_TOO_LOW,
  BANK_DETAILS_MISSING,
  CHAIN_START,
  isWithdrawalStatus,
  nextLink,
  withdrawalProblem,
} from './domain.ts';

describe('availableBalance', () => {
  it('is credits minus withdrawals, never negative', () => {
    expect(availableBalance(250_000, 100_000)).toBe(150_000);
    expect(availableBalance(100_000, 100_000)).toBe(0);
    expect(availableBalance(0, 5)).toBe(0);
  });
});

describe('withdrawalProblem', () => {
  it('needs bank details first', () => {
    expect(withdrawalProblem({ balancePaise: 500_000, hasBankDetails: false })).toBe(BANK_DETAILS_MISSING);
  });

  it('needs a balance strictly above ₹1000', () => {
    expect(BALANCE_TOO_LOW).toBe('Balance should be above 1000 to get withdrawl.');
    expect(withdrawalProblem({ balancePaise: 100_000, hasBankDetails: true })).toBe(BALANCE_TOO_LOW);
    expect(withdrawalProblem({ balancePaise: 0, hasBankDetails: true })).toBe(BALANCE_TOO_LOW);
    expect(withdrawalProblem({ balancePaise: 100_001, hasBankDetails: true })).toBeNull();
  });
});

describe('the withdrawal chain', () => {
  it('appends the whole balance and keeps the running total', () => {
    const first = nextLink(CHAIN_START, 120_000);
    expect(first).toEqual({ seq: 1, amountPaise: 120_000, withdrawnTotalPaise: 120_000 });
    const second = nextLink(first, 150_050);
    expect(second).toEqual({ seq: 2, amountPaise: 150_050, withdrawnTotalPaise: 270_050 });
    expect(availableBalance(300_000, second.withdrawnTotalPaise)).toBe(29_950);
  });

  it('knows the two statuses an admin may set', () => {
    expect(isWithdrawalStatus('Processing')).toBe(true);
    expect(isWithdrawalStatus('Success')).toBe(true);
    expect(isWithdrawalStatus('Rejected')).toBe(false);
    expect(isWithdrawalStatus('success')).toBe(false);
  });
});
