import type { IntegrationEvent } from '../event.ts';

export const EARNINGS_BANKDETAILS_SAVED = 'earnings.bankdetails.saved';

/** A tutor saved the bank account their withdrawals are paid into: they are told by mail. */
export interface EarningsBankDetailsSavedData {
  tutorId: string;
  /** The account's last four digits and bank, to recognise it by; never the whole number. */
  accountEnding: string;
  nameOfBank: string;
  savedAt: string;
}

export type EarningsBankDetailsSaved = IntegrationEvent<
  typeof EARNINGS_BANKDETAILS_SAVED,
  EarningsBankDetailsSavedData
>;
