import { EARNINGS_BANKDETAILS_SAVED } from '@liveedu/contracts';
import { newEvent, type Outbox, storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import type { BankDetails } from './domain.ts';

export interface BankDetailsDoc extends BankDetails {
  /** The tutor's user id. */
  _id: string;
  updatedAt: Date;
}

export const BANK_DETAILS = storedCollection<BankDetailsDoc>('bank_details');

/** The tutor's bank details, or null when there are none yet. */
export function bankDetailsOfTutor(db: Db, tutorId: string): Promise<BankDetailsDoc | null> {
  return BANK_DETAILS.in(db).findOne({ _id: tutorId });
}

export async function hasBankDetails(db: Db, tutorId: string): Promise<boolean> {
  return (await BANK_DETAILS.in(db).findOne({ _id: tutorId }, { projection: { _id: 1 } })) !== null;
}

/** Saves (or replaces) the tutor's bank details together with `earnings.bankdetails.saved`. */
export async function saveBankDetails(
  outbox: Outbox,
  tutorId: string,
  details: BankDetails,
  requestId: string,
): Promise<void> {
  const now = new Date();
  // The tutor hears of every change of where their money goes (a mail, from identity).
  const saved = newEvent(
    EARNINGS_BANKDETAILS_SAVED,
    {
      tutorId,
      accountEnding: details.accountNumber.slice(-4),
      nameOfBank: details.nameOfBank,
      savedAt: now.toISOString(),
    },
    { requestId },
  );
  await outbox.updateOne<BankDetailsDoc>(
    BANK_DETAILS.collection,
    { _id: tutorId },
    { $set: { ...details, updatedAt: now } },
    [saved],
    { upsert: true },
  );
}
