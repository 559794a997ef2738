import { PAYMENTS_PAYMENT_SUCCEEDED, type PaymentsPaymentSucceeded } from '@liveedu/contracts';
import { loadKitConfig, newEvent, outboxWrites } from '@liveedu/service-kit';
import fastify from 'fastify';
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPaymentSucceeded } from './handlers.ts';
import { creditAccount, creditedPaise, LEDGER, type LedgerEntry } from './store.ts';
import { earningsTestDatabase } from './test-database.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await earningsTestDatabase('accounts', { maxPoolSize: 60 }));
});
afterAll(() => drop?.());

const log = fastify({ logger: false }).log;
let n = 0;
function payment(tutorId: string, amountPaise: number): PaymentsPaymentSucceeded {
  n += 1;
  return newEvent(PAYMENTS_PAYMENT_SUCCEEDED, {
    orderId: `order_${n}`,
    paymentId: `pay_${n}`,
    courseId: 'c',
    courseTitle: 'Course',
    studentId: `s${n}`,
    tutorId,
    amountPaise,
    paidAt: new Date().toISOString(),
  }) as PaymentsPaymentSucceeded;
}
const handle = (event: PaymentsPaymentSucceeded) =>
  onPaymentSucceeded.handle(event, {
    db,
    log,
    outbox: outboxWrites(db),
    config: loadKitConfig('earnings', {}),
  });

describe("a tutor's account", () => {
  it('starts from the ledger entries written before accounts existed', async () => {
    const entry = (i: number, tutorPaise: number): LedgerEntry => ({
      _id: `old-${i}`,
      paymentId: `old-pay-${i}`,
      orderId: `old-order-${i}`,
      courseId: 'c',
      courseTitle: 'Course',
      studentId: 's',
      tutorId: 'veteran',
      grossPaise: tutorPaise,
      tutorPaise,
      platformPaise: 0,
      paidAt: new Date(),
      day: '2026-01-01',
      month: '2026-01',
      recordedAt: new Date(),
    });
    await LEDGER.in(db).insertMany([entry(1, 40_000), entry(2, 2_500)]);
    await handle(payment('veteran', 10_000));
    expect(await creditedPaise(db, 'veteran')).toBe(42_500 + 8_000);
  });

  it('credits each payment once when its event arrives many times at once', async () => {
    const events = [payment('busy', 10_000), payment('busy', 25_000)];
    await Promise.all(events.flatMap((event) => Array.from({ length: 10 }, () => handle(event))));
    expect(await creditedPaise(db, 'busy')).toBe(8_000 + 20_000);
    expect(await LEDGER.in(db).countDocuments({ tutorId: 'busy' })).toBe(2);
  });

  it('finishes a credit that stopped between the account and the ledger, without adding it twice', async () => {
    const event = payment('crashed', 50_000);
    // What a crash right after the account's update leaves: credited, no ledger entry yet.
    await creditAccount(db, 'crashed', event.data.paymentId, 40_000);
    await handle(event);
    expect(await creditedPaise(db, 'crashed')).toBe(40_000);
    expect(await LEDGER.in(db).countDocuments({ tutorId: 'crashed' })).toBe(1);
  });
});
