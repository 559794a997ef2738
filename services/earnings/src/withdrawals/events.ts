import type { EarningsWithdrawalData } from '@liveedu/contracts';
import type { WithdrawalDoc } from './store.ts';

/** What `earnings.withdrawal.requested` and `earnings.withdrawal.updated` say of a withdrawal. */
export const withdrawalEventData = (doc: WithdrawalDoc, at: Date): EarningsWithdrawalData => ({
  withdrawalId: doc._id.toHexString(),
  tutorId: doc.tutorId,
  amountPaise: doc.amountPaise,
  status: doc.status,
  at: at.toISOString(),
});
