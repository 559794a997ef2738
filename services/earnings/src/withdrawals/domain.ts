import { toRupees } from '../ledger/domain.ts';

export const WITHDRAWAL_STATUSES = ['Processing', 'Success'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** A withdrawal is possible only when the withdrawable balance is strictly above this (₹1000). */
export const MIN_WITHDRAWAL_BALANCE_PAISE = 100_000;

export const BALANCE_TOO_LOW = `Balance should be above ${toRupees(MIN_WITHDRAWAL_BALANCE_PAISE)} to get withdrawl.`;
export const BANK_DETAILS_MISSING = 'Please add your bank details before requesting a withdrawal';

export function isWithdrawalStatus(value: unknown): value is WithdrawalStatus {
  return (WITHDRAWAL_STATUSES as readonly unknown[]).includes(value);
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A sale's credit as the balance sees it. */
export interface HeldSale {
  /** The sale's key (`saleKey`). */
  key: string;
  tutorPaise: number;
  paidAt: Date;
  /** A dispute of its payment is open. */
  frozen: boolean;
}

/** A ledger line as the balance reads it. */
export interface ReadLine {
  kind: 'sale' | 'refund';
  /** The sale's key; a refund's is the key of the sale it refunds. */
  saleKey: string;
  /** What the tutor's account remembers the line by (`accountKey`, and any older key of it). */
  accountKeys: string[];
  tutorPaise: number;
  paidAt: Date;
  /** A dispute of its payment is open. */
  frozen: boolean;
  /** Taken into the account (see the ledger's `postLine`). */
  posted: boolean;
}

/**
 * The sales and refunds that the account, as read, holds, from the lines read just before it
 * (`before`) and just after it (`after`). A line is written before it changes the account and
 * marked taken in after, so a line counts when it was already marked in the earlier read, or when
 * the account read names it among its latest; any other was not in the account when it was read.
 * A line seen twice counts once, frozen if either read saw it frozen.
 */
export function linesInAccount(
  before: readonly ReadLine[],
  after: readonly ReadLine[],
  remembered: ReadonlySet<string>,
): { sales: HeldSale[]; refunded: Set<string> } {
  const id = (line: ReadLine) => `${line.kind}:${line.saleKey}`;
  const postedBefore = new Set(before.filter((line) => line.posted).map(id));
  const lines = new Map<string, ReadLine>();
  for (const line of [...before, ...after]) {
    const seen = lines.get(id(line));
    lines.set(id(line), { ...line, frozen: line.frozen || seen?.frozen === true });
  }
  const sales: HeldSale[] = [];
  const refunded = new Set<string>();
  for (const [key, line] of lines) {
    const held = postedBefore.has(key) || line.accountKeys.some((name) => remembered.has(name));
    if (!held) continue;
    if (line.kind === 'refund') refunded.add(line.saleKey);
    else
      sales.push({
        key: line.saleKey,
        tutorPaise: line.tutorPaise,
        paidAt: line.paidAt,
        frozen: line.frozen,
      });
  }
  return { sales, refunded };
}

export interface HeldBack {
  /** Credits of sales still within the hold, not frozen. */
  pendingPaise: number;
  /** Credits of sales whose payment is disputed, within the hold or not. */
  frozenPaise: number;
  /** When the oldest pending credit becomes withdrawable, or null when none is pending. */
  availableOn: Date | null;
}

/**
 * What of the credits cannot be withdrawn now: every sale paid less than `holdDays` ago (a
 * refund may still take it back) and every sale whose payment is disputed. A refunded sale holds
 * nothing back (its refund has already taken its credit out). Each sale counts once: a frozen
 * sale within the hold is frozen, not pending.
 */
export function heldBack(
  sales: readonly HeldSale[],
  refunded: ReadonlySet<string>,
  now: Date,
  holdDays: number,
): HeldBack {
  const holdMs = holdDays * DAY_MS;
  const cutoff = now.getTime() - holdMs;
  const held: HeldBack = { pendingPaise: 0, frozenPaise: 0, availableOn: null };
  const seen = new Set<string>();
  for (const sale of sales) {
    if (refunded.has(sale.key) || seen.has(sale.key)) continue;
    seen.add(sale.key);
    if (sale.frozen) {
      held.frozenPaise += sale.tutorPaise;
    } else if (sale.paidAt.getTime() > cutoff) {
      held.pendingPaise += sale.tutorPaise;
      const on = new Date(sale.paidAt.getTime() + holdMs);
      if (sale.tutorPaise > 0 && (!held.availableOn || on < held.availableOn)) held.availableOn = on;
    }
  }
  return held;
}

/**
 * What the tutor may withdraw: everything credited (less refunds), less what is held back, less
 * everything withdrawn (Processing and Success both mean the money has left). Negative when a
 * refund or a dispute came after the money was withdrawn: later sales repay it first.
 */
export function withdrawableBalance(input: {
  creditedPaise: number;
  held: Pick<HeldBack, 'pendingPaise' | 'frozenPaise'>;
  withdrawnPaise: number;
}): number {
  return input.creditedPaise - input.held.pendingPaise - input.held.frozenPaise - input.withdrawnPaise;
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
