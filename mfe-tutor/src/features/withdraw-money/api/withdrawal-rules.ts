import type { BankDetails } from '@liveedu/api-client';

/** A withdrawal takes the whole balance, and only when it is above ₹1000. */
export const MIN_BALANCE_RUPEES = 1000;
export const BELOW_MINIMUM_MESSAGE = 'Balance should be above 1000 to get withdrawl.';
export const REQUIRED_MESSAGE = 'All fields are required';

export const canWithdraw = (balance: number) => balance > MIN_BALANCE_RUPEES;

export function checkBankDetails(details: BankDetails): string | null {
  return Object.values(details).some((v) => v.trim() === '') ? REQUIRED_MESSAGE : null;
}

/** What the balance card shows, from the balance call (figures it leaves out count as 0). */
export interface BalanceFigures {
  /** What a withdrawal takes: 0 while the balance is negative. */
  withdrawable: number;
  /** The balance as shown: negative when a refund or a dispute came after the last withdrawal. */
  available: number;
  /** Credits of sales still within the payout hold. */
  pending: number;
  /** When the oldest pending credit becomes withdrawable (ISO); null when none is pending. */
  availableOn: string | null;
  /** Credits of disputed sales, held until the dispute closes. */
  frozen: number;
}

export const NEGATIVE_BALANCE_MESSAGE = 'A refund after your last withdrawal: later sales repay it';

const figure = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

export function balanceFigures(reply: {
  earnings?: unknown;
  balance?: unknown;
  pending?: unknown;
  frozen?: unknown;
  availableOn?: string | null;
}): BalanceFigures {
  const withdrawable = figure(reply.earnings);
  const balance = reply.balance === undefined ? withdrawable : figure(reply.balance);
  const pending = figure(reply.pending);
  return {
    withdrawable,
    available: balance < 0 ? balance : withdrawable,
    pending,
    availableOn: pending > 0 ? (reply.availableOn ?? null) : null,
    frozen: figure(reply.frozen),
  };
}
