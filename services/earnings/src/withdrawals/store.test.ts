import { outboxWrites } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_DETAILS } from '../bank-details/store.ts';
import { creditAccount, LEDGER, type LedgerEntry } from '../ledger/store.ts';
import { earningsTestDatabase } from '../ledger/test-database.ts';
import { BALANCE_TOO_LOW } from './domain.ts';
import { appendWithdrawal, requestWithdrawal, tutorPosition, WITHDRAWALS } from './store.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await earningsTestDatabase('earnwd'));
});
afterAll(() => drop?.());

const BANK = {
  fullName: 'Anil Rao',
  accountNumber: '123456789',
  nameOfBank: 'HDFC Bank',
  ifsc: 'HDFC0000123',
};
let tutors = 0;

/** A tutor with bank details and one credit of `tutorPaise`. */
async function tutorWith(tutorPaise: number) {
  tutors += 1;
  const tutor = { userId: `tutor-${tutors}`, username: `tutor${tutors}` };
  const ledger = LEDGER.in(db);
  const bankDetails = BANK_DETAILS.in(db);
  const now = new Date();
  const entry: LedgerEntry = {
    _id: `event-${tutors}`,
    paymentId: `pay-${tutors}`,
    orderId: `order-${tutors}`,
    courseId: 'c',
    courseTitle: 'Course',
    studentId: 's',
    tutorId: tutor.userId,
    grossPaise: tutorPaise,
    tutorPaise,
    platformPaise: 0,
    paidAt: now,
    day: '2026-01-01',
    month: '2026-01',
    recordedAt: now,
  };
  await ledger.insertOne(entry);
  await bankDetails.insertOne({ _id: tutor.userId, ...BANK, updatedAt: now });
  return tutor;
}

describe('the withdrawal guard', () => {
  it('lets only one of two requests that read the same balance append a withdrawal', async () => {
    const tutor = await tutorWith(250_000);
    const seen = await tutorPosition(db, tutor.userId);
    expect(seen.balancePaise).toBe(250_000);

    const first = await appendWithdrawal(outboxWrites(db), tutor, BANK, seen);
    const second = await appendWithdrawal(outboxWrites(db), tutor, BANK, seen);
    expect(first).toMatchObject({ seq: 1, amountPaise: 250_000, status: 'Processing' });
    expect(second).toBeNull();
    expect(await WITHDRAWALS.in(db).countDocuments({ tutorId: tutor.userId })).toBe(1);
    expect((await tutorPosition(db, tutor.userId)).balancePaise).toBe(0);
  });

  it('withdraws once when many requests arrive together', async () => {
    const tutor = await tutorWith(180_000);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () => requestWithdrawal(db, outboxWrites(db), tutor)),
    );
    const done = outcomes.filter((outcome) => outcome.kind === 'done');
    expect(done).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.kind !== 'done') expect(outcome).toEqual({ kind: 'refused', message: BALANCE_TOO_LOW });
    }
    const stored = await WITHDRAWALS.in(db).find({ tutorId: tutor.userId }).toArray();
    expect(stored.map((w) => [w.seq, w.amountPaise, w.withdrawnTotalPaise])).toEqual([[1, 180_000, 180_000]]);
  });

  it('takes later credits in a new withdrawal that continues the chain', async () => {
    const tutor = await tutorWith(150_000);
    expect((await requestWithdrawal(db, outboxWrites(db), tutor)).kind).toBe('done');
    // A later credit, as the payment handler applies one: the account, then the ledger.
    await creditAccount(db, tutor.userId, `later-${tutor.userId}`, 120_000);
    await LEDGER.in(db).insertOne({
      ...(await LEDGER.in(db).findOne({ tutorId: tutor.userId }))!,
      _id: `later-${tutor.userId}`,
      paymentId: `later-${tutor.userId}`,
      tutorPaise: 120_000,
    });
    const again = await requestWithdrawal(db, outboxWrites(db), tutor);
    expect(again.kind === 'done' && again.withdrawal).toMatchObject({
      seq: 2,
      amountPaise: 120_000,
      withdrawnTotalPaise: 270_000,
    });
  });
});
