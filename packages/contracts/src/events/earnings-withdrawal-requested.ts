import type { IntegrationEvent } from '../event.ts';

export const EARNINGS_WITHDRAWAL_REQUESTED = 'earnings.withdrawal.requested';

export interface EarningsWithdrawalData {
  withdrawalId: string;
  tutorId: string;
  /** In paise. */
  amountPaise: number;
  status: 'Processing' | 'Success';
  at: string;
}

export type EarningsWithdrawalRequested = IntegrationEvent<
  typeof EARNINGS_WITHDRAWAL_REQUESTED,
  EarningsWithdrawalData
>;
