import { describe, expect, it } from 'vitest';
import {
  BALANCE_TOO_LOW,
  BANK_DETAILS_MISSING,
  CHAIN_START,
  DAY_MS,
  type HeldSale,
  heldBack,
  isWithdrawalStatus,
  linesInAccount,
  nextLink,
  type ReadLine,
  withdrawableBalance,
  withdrawalProblem,
} from './domain.ts';

const NOW = new Date('2026-11-28T10:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
const sale = (key: string, tutorPaise: number, paidAt: Date, frozen = false): HeldSale => ({
  key,
  tutorPaise,
  paidAt,
  frozen,
});
const NONE = new Set<string>();

describe('heldBack', () => {
  it('holds sales paid within the hold and frees them once it has passed', () => {
    const sales = [
      sale('a', 40_000, daysAgo(1)),
      sale('b', 8_000, daysAgo(29.5)),
      sale('c', 99_000, daysAgo(31)),
    ];
    expect(heldBack(sales, NONE, NOW, 30)).toEqual({
      pendingPaise: 48_000,
      frozenPaise: 0,
      availableOn: new Date(daysAgo(29.5).getTime() + 30 * DAY_MS),
    });
    // Exactly 30 days old: withdrawable.
    expect(heldBack([sale('d', 1, daysAgo(30))], NONE, NOW, 30).pendingPaise).toBe(0);
  });

  it('holds nothing with a hold of 0 days', () => {
    expect(heldBack([sale('a', 40_000, NOW)], NONE, NOW, 0)).toEqual({
      pendingPaise: 0,
      frozenPaise: 0,
      availableOn: null,
    });
  });

  it('holds a disputed sale whatever its age, as frozen and not also as pending', () => {
    const sales = [sale('old', 50_000, daysAgo(90), true), sale('new', 7_000, daysAgo(2), true)];
    expect(heldBack(sales, NONE, NOW, 30)).toEqual({
      pendingPaise: 0,
      frozenPaise: 57_000,
      availableOn: null,
    });
  });

  it('holds nothing for a refunded sale, pending or frozen', () => {
    const sales = [
      sale('a', 40_000, daysAgo(1)),
      sale('b', 9_000, daysAgo(60), true),
      sale('c', 100, daysAgo(3)),
    ];
    expect(heldBack(sales, new Set(['a', 'b']), NOW, 30)).toEqual({
      pendingPaise: 100,
      frozenPaise: 0,
      availableOn: new Date(daysAgo(3).getTime() + 30 * DAY_MS),
    });
  });

  it('counts a sale seen twice once', () => {
    const twice = sale('a', 40_000, daysAgo(1));
    expect(heldBack([twice, twice], NONE, NOW, 30).pendingPaise).toBe(40_000);
  });

  it('names no date for a pending sale of nothing (a whole-price coupon)', () => {
    expect(heldBack([sale('free', 0, daysAgo(1))], NONE, NOW, 30).availableOn).toBeNull();
  });
});

describe('linesInAccount', () => {
  const line = (
    kind: 'sale' | 'refund',
    key: string,
    posted: boolean,
    extra: Partial<ReadLine> = {},
  ): ReadLine => ({
    kind,
    saleKey: key,
    accountKeys: [kind === 'refund' ? `refund:${key}` : key],
    tutorPaise: kind === 'refund' ? -40_000 : 40_000,
    paidAt: daysAgo(1),
    frozen: false,
    posted,
    ...extra,
  });

  it('counts a sale taken in before the account was read, or one the account names', () => {
    const { sales } = linesInAccount(
      [line('sale', 'a', true), line('sale', 'b', false)],
      [line('sale', 'a', true), line('sale', 'b', true), line('sale', 'c', false)],
      new Set(['b']),
    );
    expect(sales.map((sale) => sale.key).sort()).toEqual(['a', 'b']);
  });

  it('leaves out a sale written but not yet in the account as read, so its credit is not held back twice', () => {
    // Written before the account was read, credited after: neither credited nor held in this read.
    const { sales } = linesInAccount([line('sale', 'a', false)], [line('sale', 'a', true)], new Set());
    expect(sales).toEqual([]);
  });

  it('releases a refunded sale only once the account holds the refund', () => {
    const sale = line('sale', 'a', true);
    const written = linesInAccount(
      [sale, line('refund', 'a', false)],
      [sale, line('refund', 'a', true)],
      new Set(),
    );
    expect([...written.refunded]).toEqual([]);
    const debited = linesInAccount([sale, line('refund', 'a', false)], [sale], new Set(['refund:a']));
    expect([...debited.refunded]).toEqual(['a']);
  });

  it('counts a sale seen in both reads once, frozen if either saw it frozen', () => {
    const { sales } = linesInAccount(
      [line('sale', 'a', true, { frozen: true })],
      [line('sale', 'a', true)],
      new Set(),
    );
    expect(sales).toEqual([{ key: 'a', tutorPaise: 40_000, paidAt: expect.any(Date), frozen: true }]);
  });
});

describe('withdrawableBalance', () => {
  const held = (pendingPaise: number, frozenPaise: number) => ({ pendingPaise, frozenPaise });

  it('is credits less what is held back and everything withdrawn', () => {
    expect(withdrawableBalance({ creditedPaise: 250_000, held: held(0, 0), withdrawnPaise: 100_000 })).toBe(
      150_000,
    );
    expect(
      withdrawableBalance({ creditedPaise: 250_000, held: held(40_000, 10_000), withdrawnPaise: 100_000 }),
    ).toBe(100_000);
  });

  it('goes below zero when a refund comes after the money was withdrawn', () => {
    // ₹1200 credited and withdrawn, then that sale refunded: the account is ₹0 credited.
    expect(withdrawableBalance({ creditedPaise: 0, held: held(0, 0), withdrawnPaise: 120_000 })).toBe(
      -120_000,
    );
    // A later sale, once out of the hold, repays it first.
    expect(withdrawableBalance({ creditedPaise: 160_000, held: held(0, 0), withdrawnPaise: 120_000 })).toBe(
      40_000,
    );
    expect(withdrawalProblem({ balancePaise: -120_000, hasBankDetails: true })).toBe(BALANCE_TOO_LOW);
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
    expect(
      withdrawableBalance({
        creditedPaise: 300_000,
        held: { pendingPaise: 0, frozenPaise: 0 },
        withdrawnPaise: second.withdrawnTotalPaise,
      }),
    ).toBe(29_950);
  });

  it('knows the two statuses an admin may set', () => {
    expect(isWithdrawalStatus('Processing')).toBe(true);
    expect(isWithdrawalStatus('Success')).toBe(true);
    expect(isWithdrawalStatus('Rejected')).toBe(false);
    expect(isWithdrawalStatus('success')).toBe(false);
  });
});
