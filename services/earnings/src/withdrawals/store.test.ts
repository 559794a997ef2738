import {
  PAYMENTS_DISPUTE_CLOSED,
  PAYMENTS_DISPUTE_CREATED,
  PAYMENTS_PAYMENT_SUCCEEDED,
  type PaymentsDisputeClosed,
  type PaymentsDisputeCreated,
  type PaymentsPaymentSucceeded,
} from '@liveedu/contracts';
import { type EventHandler, loadKitConfig, newEvent, outboxWrites } from '@liveedu/service-kit';
import fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { BANK_DETAILS } from '../bank-details/store.ts';
import { onDisputeClosed, onDisputeCreated } from '../disputes/handlers.ts';
import { onPaymentSucceeded, onRefundProcessed } from '../ledger/handlers.ts';
import { creditAccount, insertLine, LEDGER, type LedgerEntry, postLine } from '../ledger/store.ts';
import { earningsFileDatabase } from '../ledger/test-database.ts';
import { refundOf } from '../ledger/test-events.ts';
import { BALANCE_TOO_LOW, DAY_MS } from './domain.ts';
import { appendWithdrawal, requestWithdrawal, tutorPosition, WITHDRAWALS } from './store.ts';

const db = earningsFileDatabase('earnwd');

const BANK = {
  fullName: 'Anil Rao',
  accountNumber: '123456789',
  nameOfBank: 'HDFC Bank',
  ifsc: 'HDFC0000123',
};
let tutors = 0;
/** The shipped payout hold. */
const HOLD = { holdDays: 30 };
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** A tutor with bank details and one credit of `tutorPaise`, paid long enough ago to withdraw. */
async function tutorWith(tutorPaise: number) {
  tutors += 1;
  const tutor = { userId: `tutor-${tutors}`, username: `tutor${tutors}` };
  const ledger = LEDGER.in(db);
  const bankDetails = BANK_DETAILS.in(db);
  const now = daysAgo(31);
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
    const seen = await tutorPosition(db, tutor.userId, HOLD);
    expect(seen.balancePaise).toBe(250_000);

    const first = await appendWithdrawal(outboxWrites(db), tutor, BANK, seen);
    const second = await appendWithdrawal(outboxWrites(db), tutor, BANK, seen);
    expect(first).toMatchObject({ seq: 1, amountPaise: 250_000, status: 'Processing' });
    expect(second).toBeNull();
    expect(await WITHDRAWALS.in(db).countDocuments({ tutorId: tutor.userId })).toBe(1);
    expect((await tutorPosition(db, tutor.userId, HOLD)).balancePaise).toBe(0);
  });

  it('withdraws once when many requests arrive together', async () => {
    const tutor = await tutorWith(180_000);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () => requestWithdrawal(db, outboxWrites(db), tutor, HOLD)),
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
    expect((await requestWithdrawal(db, outboxWrites(db), tutor, HOLD)).kind).toBe('done');
    // A later credit, as the payment handler applies one: the account, then the ledger.
    await creditAccount(db, tutor.userId, `later-${tutor.userId}:c`, 120_000);
    await LEDGER.in(db).insertOne({
      ...(await LEDGER.in(db).findOne({ tutorId: tutor.userId }))!,
      _id: `later-${tutor.userId}`,
      paymentId: `later-${tutor.userId}`,
      tutorPaise: 120_000,
    });
    const again = await requestWithdrawal(db, outboxWrites(db), tutor, HOLD);
    expect(again.kind === 'done' && again.withdrawal).toMatchObject({
      seq: 2,
      amountPaise: 120_000,
      withdrawnTotalPaise: 270_000,
    });
  });
});

const context = () => ({
  db,
  log: fastify({ logger: false }).log,
  outbox: outboxWrites(db),
  config: loadKitConfig('earnings', {}),
});
const run = <E extends Parameters<EventHandler['handle']>[0]>(handler: EventHandler<E>, event: E) =>
  handler.handle(event, context());

let sales = 0;
/** A sale of ₹`rupees` of the tutor's, paid `days` ago, credited as the payment event does. */
async function sell(tutorId: string, rupees: number, days: number): Promise<PaymentsPaymentSucceeded> {
  sales += 1;
  const event = newEvent(PAYMENTS_PAYMENT_SUCCEEDED, {
    orderId: `order_s${sales}`,
    paymentId: `pay_s${sales}`,
    courseId: `course_s${sales}`,
    courseTitle: 'Course',
    studentId: 'student',
    tutorId,
    amountPaise: rupees * 100,
    paidAt: daysAgo(days).toISOString(),
  }) as PaymentsPaymentSucceeded;
  await run(onPaymentSucceeded, event);
  return event;
}
const refund = (sale: PaymentsPaymentSucceeded) => run(onRefundProcessed, refundOf(sale));
const dispute = (sale: PaymentsPaymentSucceeded, type: 'created' | 'closed') => {
  const data = {
    disputeId: `disp_${sale.data.paymentId}`,
    paymentId: sale.data.paymentId,
    orderId: sale.data.orderId,
    lines: [{ courseId: sale.data.courseId, tutorId: sale.data.tutorId, amountPaise: sale.data.amountPaise }],
    status: type === 'created' ? 'open' : 'won',
    at: new Date().toISOString(),
  };
  return type === 'created'
    ? run(onDisputeCreated, newEvent(PAYMENTS_DISPUTE_CREATED, data) as PaymentsDisputeCreated)
    : run(onDisputeClosed, newEvent(PAYMENTS_DISPUTE_CLOSED, data) as PaymentsDisputeClosed);
};

/** A tutor with bank details and nothing credited yet. */
async function newTutor() {
  tutors += 1;
  const tutor = { userId: `tutor-${tutors}`, username: `tutor${tutors}` };
  await BANK_DETAILS.in(db).insertOne({ _id: tutor.userId, ...BANK, updatedAt: new Date() });
  return tutor;
}

describe('the payout hold', () => {
  it('holds a fresh credit back until the hold has passed, and names the day it is free', async () => {
    const tutor = await newTutor();
    await sell(tutor.userId, 1500, 31); // ₹1200 to the tutor
    await sell(tutor.userId, 2500, 2); // ₹2000, free in 28 days
    const position = await tutorPosition(db, tutor.userId, HOLD);
    expect(position).toMatchObject({
      creditedPaise: 320_000,
      balancePaise: 120_000,
      held: { pendingPaise: 200_000, frozenPaise: 0 },
    });
    const freeIn = (position.held.availableOn?.getTime() ?? 0) - Date.now();
    expect(freeIn / DAY_MS).toBeCloseTo(28, 2);
    // With no hold (a local trial) everything is withdrawable at once.
    expect((await tutorPosition(db, tutor.userId, { holdDays: 0 })).balancePaise).toBe(320_000);

    const done = await requestWithdrawal(db, outboxWrites(db), tutor, HOLD);
    expect(done.kind === 'done' && done.withdrawal.amountPaise).toBe(120_000);
    // The pending credit is not taken, and is still there once free.
    const later = await tutorPosition(db, tutor.userId, { ...HOLD, now: new Date(Date.now() + 29 * DAY_MS) });
    expect(later).toMatchObject({ balancePaise: 200_000, held: { pendingPaise: 0, availableOn: null } });
  });

  it('holds back the recent credits of a tutor with many older ones, read from the head of their list', async () => {
    const tutor = await newTutor();
    // 120 sales recorded 40 days ago (more than two pages of the tutor's list), then two fresh ones.
    for (let n = 0; n < 120; n += 1) {
      const at = daysAgo(40);
      const line = await insertLine(db, {
        _id: `old-${tutor.userId}-${n}`,
        kind: 'sale',
        paymentId: `pay-old-${tutor.userId}-${n}`,
        orderId: `order-old-${n}`,
        courseId: 'c',
        courseTitle: 'Course',
        studentId: 's',
        tutorId: tutor.userId,
        grossPaise: 1_000,
        tutorPaise: 800,
        platformPaise: 200,
        paidAt: at,
        day: '2026-01-01',
        month: '2026-01',
        recordedAt: at,
        unposted: true,
      });
      await postLine(db, line);
    }
    await sell(tutor.userId, 1000, 3);
    await sell(tutor.userId, 500, 1);
    expect(await tutorPosition(db, tutor.userId, HOLD)).toMatchObject({
      creditedPaise: 120 * 800 + 80_000 + 40_000,
      balancePaise: 120 * 800,
      held: { pendingPaise: 120_000, frozenPaise: 0 },
    });
  });

  it('freezes a disputed credit, and releases it when the dispute closes', async () => {
    const tutor = await newTutor();
    const sale = await sell(tutor.userId, 2000, 40);
    await dispute(sale, 'created');
    expect(await tutorPosition(db, tutor.userId, HOLD)).toMatchObject({
      balancePaise: 0,
      held: { pendingPaise: 0, frozenPaise: 160_000 },
    });
    expect(await requestWithdrawal(db, outboxWrites(db), tutor, HOLD)).toEqual({
      kind: 'refused',
      message: BALANCE_TOO_LOW,
    });
    await dispute(sale, 'closed');
    expect(await tutorPosition(db, tutor.userId, HOLD)).toMatchObject({
      balancePaise: 160_000,
      held: { frozenPaise: 0 },
    });
  });

  it('never leaves a credit frozen when the dispute closes before it is reported opened', async () => {
    const tutor = await newTutor();
    const sale = await sell(tutor.userId, 2000, 40);
    await dispute(sale, 'closed');
    await dispute(sale, 'created');
    expect((await tutorPosition(db, tutor.userId, HOLD)).held.frozenPaise).toBe(0);
    expect(await LEDGER.in(db).countDocuments({ tutorId: tutor.userId, frozenBy: { $exists: true } })).toBe(
      0,
    );

    // Both at once, many times over: the dispute is closed, so nothing stays frozen.
    const other = await sell(tutor.userId, 1000, 40);
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => dispute(other, i % 2 === 0 ? 'created' : 'closed')),
    );
    expect(await LEDGER.in(db).countDocuments({ tutorId: tutor.userId, frozenBy: { $exists: true } })).toBe(
      0,
    );
  });

  it('freezes a sale whose dispute was reported before the sale itself', async () => {
    const tutor = await newTutor();
    const sale = newEvent(PAYMENTS_PAYMENT_SUCCEEDED, {
      orderId: 'order_early',
      paymentId: `pay_early_${tutor.userId}`,
      courseId: 'course_early',
      courseTitle: 'Course',
      studentId: 'student',
      tutorId: tutor.userId,
      amountPaise: 100_000,
      paidAt: daysAgo(40).toISOString(),
    }) as PaymentsPaymentSucceeded;
    await dispute(sale, 'created');
    await run(onPaymentSucceeded, sale);
    expect((await tutorPosition(db, tutor.userId, HOLD)).held.frozenPaise).toBe(80_000);
  });

  it('does not count a refunded sale as pending or frozen', async () => {
    const tutor = await newTutor();
    const fresh = await sell(tutor.userId, 2000, 1);
    const disputed = await sell(tutor.userId, 1000, 50);
    await dispute(disputed, 'created');
    await refund(fresh);
    await refund(disputed);
    expect(await tutorPosition(db, tutor.userId, HOLD)).toMatchObject({
      creditedPaise: 0,
      balancePaise: 0,
      held: { pendingPaise: 0, frozenPaise: 0, availableOn: null },
    });
  });
});

describe('a refund after a withdrawal', () => {
  it('leaves the balance negative; later sales repay it before anything is withdrawn again', async () => {
    const tutor = await newTutor();
    const first = await sell(tutor.userId, 1500, 31);
    const paid = await requestWithdrawal(db, outboxWrites(db), tutor, HOLD);
    expect(paid.kind === 'done' && paid.withdrawal.amountPaise).toBe(120_000);

    await refund(first);
    expect((await tutorPosition(db, tutor.userId, HOLD)).balancePaise).toBe(-120_000);
    // ₹2000 more: ₹800 once the ₹1200 owed is repaid, not above ₹1000.
    await sell(tutor.userId, 2500, 31);
    expect((await tutorPosition(db, tutor.userId, HOLD)).balancePaise).toBe(80_000);
    expect(await requestWithdrawal(db, outboxWrites(db), tutor, HOLD)).toEqual({
      kind: 'refused',
      message: BALANCE_TOO_LOW,
    });
    // ₹400 more: ₹1200, withdrawn once by one of many simultaneous requests.
    await sell(tutor.userId, 500, 31);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => requestWithdrawal(db, outboxWrites(db), tutor, HOLD)),
    );
    const done = outcomes.filter((outcome) => outcome.kind === 'done');
    expect(done.map((outcome) => outcome.kind === 'done' && outcome.withdrawal.amountPaise)).toEqual([
      120_000,
    ]);
    const chain = await WITHDRAWALS.in(db).find({ tutorId: tutor.userId }).sort({ seq: 1 }).toArray();
    // Never more withdrawn than was earned and kept: ₹2400 credited, ₹1200 refunded.
    expect(chain.map((w) => [w.seq, w.amountPaise, w.withdrawnTotalPaise])).toEqual([
      [1, 120_000, 120_000],
      [2, 120_000, 240_000],
    ]);
    expect((await tutorPosition(db, tutor.userId, HOLD)).balancePaise).toBe(0);
  });
});
