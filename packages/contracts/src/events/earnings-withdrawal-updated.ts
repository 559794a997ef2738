import type { IntegrationEvent } from '../event.ts';
import type { EarningsWithdrawalData } from './earnings-withdrawal-requested.ts';

export const EARNINGS_WITHDRAWAL_UPDATED = 'earnings.withdrawal.updated';

export type EarningsWithdrawalUpdated = IntegrationEvent<
  typeof EARNINGS_WITHDRAWAL_UPDATED,
  EarningsWithdrawalData
>;
