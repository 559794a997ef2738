import type { BankDetails } from '@liveedu/api-client';

/** A withdrawal takes the whole balance, and only when it is above ₹1000. */
export const MIN_BALANCE_RUPEES = 1000;
export const BELOW_MINIMUM_MESSAGE = 'Balance should be above 1000 to get withdrawl.';
export const REQUIRED_MESSAGE = 'All fields are required';

export const canWithdraw = (balance: number) => balance > MIN_BALANCE_RUPEES;

export function checkBankDetails(details: BankDetails): string | null {
  return Object.values(details).some((v) => v.trim() === '') ? REQUIRED_MESSAGE : null;
}
