import type { CollectionIndexes } from '@liveedu/service-kit';
import type { Collection, Db, ObjectId } from 'mongodb';
import type { BankDetails } from './domain/bank-details.ts';
import type { WithdrawalStatus } from './domain/withdrawal.ts';

/** One entry per successful payment, keyed by the event id; the source of every figure. */
export const LEDGER = 'ledger';
export const BANK_DETAILS = 'bank_details';
export const WITHDRAWALS = 'withdrawals';
/** What earnings knows of users (from identity's events), to name tutors to the admin. */
export const USERS = 'users';
/** One per tutor: the running total of credits, read by key (see accounts.ts). */
export const ACCOUNTS = 'accounts';

export interface AccountDoc {
  /** The tutor's user id. */
  _id: string;
  creditedPaise: number;
  /** The latest credited payment ids, bounded: what makes a credit apply once. */
  creditedPayments: string[];
}

export interface LedgerEntry {
  _id: string;
  paymentId: string;
  orderId: string;
  courseId: string;
  courseTitle: string;
  studentId: string;
  tutorId: string;
  grossPaise: number;
  tutorPaise: number;
  platformPaise: number;
  paidAt: Date;
  /** `YYYY-MM-DD` and `YYYY-MM` of `paidAt` in Asia/Kolkata. */
  day: string;
  month: string;
  recordedAt: Date;
}

export interface BankDetailsDoc extends BankDetails {
  /** The tutor's user id. */
  _id: string;
  updatedAt: Date;
}

export interface WithdrawalDoc {
  _id: ObjectId;
  tutorId: string;
  /** Position in the tutor's chain of withdrawals; unique per tutor (see domain/withdrawal.ts). */
  seq: number;
  amountPaise: number;
  /** Everything this tutor has withdrawn, this withdrawal included. */
  withdrawnTotalPaise: number;
  status: WithdrawalStatus;
  /** The account the payout goes to, as it was when the tutor asked. */
  bankDetails: BankDetails;
  /** The tutor's name at request time, in case the user read model has not caught up. */
  username: string;
  requestedAt: Date;
  updatedAt: Date;
}

export interface UserDoc {
  _id: string;
  username?: string;
  email?: string;
  /** When the username we hold was true, so an older event never overwrites a newer one. */
  usernameAt?: Date;
  deletedAt?: Date;
}

export const collections = (db: Db) => ({
  ledger: db.collection<LedgerEntry>(LEDGER) as Collection<LedgerEntry>,
  bankDetails: db.collection<BankDetailsDoc>(BANK_DETAILS),
  withdrawals: db.collection<WithdrawalDoc>(WITHDRAWALS),
  users: db.collection<UserDoc>(USERS),
  accounts: db.collection<AccountDoc>(ACCOUNTS),
});

export const earningsIndexes: CollectionIndexes[] = [
  {
    collection: LEDGER,
    indexes: [
      // A payment credits once even if it ever came under another event id.
      { key: { paymentId: 1 }, name: 'payment_unique', unique: true },
      { key: { tutorId: 1, paidAt: 1 }, name: 'by_tutor_time' },
      { key: { tutorId: 1, day: 1 }, name: 'by_tutor_day' },
      { key: { tutorId: 1, month: 1 }, name: 'by_tutor_month' },
      { key: { day: 1 }, name: 'by_day' },
      { key: { month: 1 }, name: 'by_month' },
    ],
  },
  {
    collection: WITHDRAWALS,
    indexes: [
      { key: { tutorId: 1, seq: 1 }, name: 'tutor_chain_unique', unique: true },
      { key: { requestedAt: -1 }, name: 'newest' },
    ],
  },
];
