export { earningsService } from './app.ts';
export type { BankDetailsDoc } from './bank-details/store.ts';
export type { DisputeDoc } from './disputes/store.ts';
export type { AccountDoc, LedgerEntry } from './ledger/store.ts';
export type { UserDoc } from './tutors/store.ts';
export type { WithdrawalDoc } from './withdrawals/store.ts';
