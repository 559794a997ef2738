import {
  PAYMENTS_PAYMENT_SUCCEEDED,
  type PaymentsPaymentSucceeded,
  type PaymentsRefundProcessed,
} from '@liveedu/contracts';
import { loadKitConfig, newEvent, outboxWrites } from '@liveedu/service-kit';
import fastify from 'fastify';
import type { Db } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { onPaymentSucceeded, onRefundProcessed } from './handlers.ts';
import {
  ACCOUNTS,
  creditAccount,
  creditedPaise,
  dropLegacyPaymentIndex,
  LEDGER,
  LEGACY_PAYMENT_INDEX,
  type LedgerEntry,
} from './store.ts';
import { earningsFileDatabase, earningsTestDatabase } from './test-database.ts';
import { refundOf } from './test-events.ts';

const db = earningsFileDatabase('accounts', { maxPoolSize: 60 });

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
const contextOf = (on: Db) => ({
  db: on,
  log,
  outbox: outboxWrites(on),
  config: loadKitConfig('earnings', {}),
});
/** The line the payment handler writes for `event`, with `extra` fields. */
const lineOf = (event: PaymentsPaymentSucceeded, extra: Partial<LedgerEntry> = {}): LedgerEntry => ({
  _id: event.id,
  kind: 'sale',
  paymentId: event.data.paymentId,
  orderId: event.data.orderId,
  courseId: event.data.courseId,
  courseTitle: event.data.courseTitle,
  studentId: event.data.studentId,
  tutorId: event.data.tutorId,
  grossPaise: event.data.amountPaise,
  tutorPaise: Math.floor(event.data.amountPaise * 0.8),
  platformPaise: event.data.amountPaise - Math.floor(event.data.amountPaise * 0.8),
  paidAt: new Date(event.data.paidAt),
  day: '2026-11-28',
  month: '2026-11',
  recordedAt: new Date(),
  ...extra,
});
const handle = (event: PaymentsPaymentSucceeded, on = db) => onPaymentSucceeded.handle(event, contextOf(on));
const handleRefund = (event: PaymentsRefundProcessed) => onRefundProcessed.handle(event, contextOf(db));

/** The same fact under another event id, as a second publication of it would be. */
const republished = <E extends { id: string }>(event: E, n: number): E => ({
  ...event,
  id: `${event.id}-again-${n}`,
});

/** One line of a cart: `paymentId` shared by the order's lines, one event per course. */
function cartLine(paymentId: string, courseId: string, tutorId: string, amountPaise: number) {
  return newEvent(
    PAYMENTS_PAYMENT_SUCCEEDED,
    {
      orderId: `order_${paymentId}`,
      paymentId,
      courseId,
      courseTitle: `Course ${courseId}`,
      studentId: 'cart-buyer',
      tutorId,
      amountPaise,
      paidAt: new Date().toISOString(),
      cart: true as const,
    },
    { id: `payment-succeeded:order_${paymentId}:${courseId}` },
  ) as PaymentsPaymentSucceeded;
}

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

  it('finishes a credit of before carts that stopped between the account and the ledger, without adding it twice', async () => {
    const event = payment('crashed', 50_000);
    // What a crash right after the account's update leaves: credited, no ledger entry yet.
    await creditAccount(db, 'crashed', event.data.paymentId, 40_000);
    await handle(event);
    expect(await creditedPaise(db, 'crashed')).toBe(40_000);
    expect(await LEDGER.in(db).countDocuments({ tutorId: 'crashed' })).toBe(1);
  });

  it('finishes a credit that stopped after its line was written, before or after the account', async () => {
    const before = payment('written', 50_000);
    await LEDGER.in(db).insertOne(lineOf(before, { unposted: true }));
    await handle(before);
    expect(await creditedPaise(db, 'written')).toBe(40_000);

    const after = payment('written', 10_000);
    await LEDGER.in(db).insertOne(lineOf(after, { unposted: true }));
    await creditAccount(db, 'written', `${after.data.paymentId}:c`, 8_000);
    await Promise.all([handle(after), handle(republished(after, 1))]);
    expect(await creditedPaise(db, 'written')).toBe(48_000);
    expect(await LEDGER.in(db).countDocuments({ tutorId: 'written', unposted: { $exists: true } })).toBe(0);
  });

  it('credits each line of a cart once per tutor, each line delivered three times at once', async () => {
    const lines = [
      cartLine('pay_cart', 'course_a', 'cart-tutor-1', 49_900),
      cartLine('pay_cart', 'course_b', 'cart-tutor-1', 29_900),
      cartLine('pay_cart', 'course_c', 'cart-tutor-2', 99_900),
    ];
    await Promise.all(
      lines.flatMap((line) => [handle(line), handle(republished(line, 1)), handle(republished(line, 2))]),
    );
    expect(await creditedPaise(db, 'cart-tutor-1')).toBe(39_920 + 23_920);
    expect(await creditedPaise(db, 'cart-tutor-2')).toBe(79_920);
    const stored = await LEDGER.in(db).find({ paymentId: 'pay_cart' }).sort({ courseId: 1 }).toArray();
    expect(
      stored.map((line) => [line.courseId, line.kind, line.grossPaise, line.tutorPaise, line.unposted]),
    ).toEqual([
      ['course_a', 'sale', 49_900, 39_920, undefined],
      ['course_b', 'sale', 29_900, 23_920, undefined],
      ['course_c', 'sale', 99_900, 79_920, undefined],
    ]);
  });

  it('records a course paid nothing (a whole-price coupon) as a line of zeros', async () => {
    const free = cartLine('coupon_free', 'course_free', 'coupon-tutor', 0);
    await handle(free);
    expect(await creditedPaise(db, 'coupon-tutor')).toBe(0);
    expect(await LEDGER.in(db).findOne({ _id: free.id })).toMatchObject({
      grossPaise: 0,
      tutorPaise: 0,
      platformPaise: 0,
    });
  });

  it("debits a refund once, exactly the sale's split reversed, however often it arrives", async () => {
    const sale = cartLine('pay_refunded', 'course_r', 'refunded-tutor', 99_999);
    const kept = cartLine('pay_refunded', 'course_k', 'refunded-tutor', 10_000);
    await handle(sale);
    await handle(kept);
    // The event's amount is not what is reversed: the sale's own split is.
    const refund = refundOf(sale, 99_998);
    await Promise.all([
      handleRefund(refund),
      handleRefund(republished(refund, 1)),
      handleRefund(republished(refund, 2)),
    ]);
    expect(await creditedPaise(db, 'refunded-tutor')).toBe(8_000);
    const lines = await LEDGER.in(db).find({ paymentId: 'pay_refunded' }).sort({ grossPaise: 1 }).toArray();
    expect(
      lines.map((line) => [line.kind, line.courseId, line.grossPaise, line.tutorPaise, line.platformPaise]),
    ).toEqual([
      ['refund', 'course_r', -99_999, -79_999, -20_000],
      ['sale', 'course_k', 10_000, 8_000, 2_000],
      ['sale', 'course_r', 99_999, 79_999, 20_000],
    ]);
    // The three deliveries race; whichever lands first writes the one refund line, under its id.
    expect([refund.id, republished(refund, 1).id, republished(refund, 2).id]).toContain(lines[0]?._id);
    expect(lines[0]).toMatchObject({
      refundKey: 'pay_refunded:course_r',
      refundId: 'rfnd_pay_refunded',
    });
    expect((await ACCOUNTS.in(db).findOne({ _id: 'refunded-tutor' }))?.creditedPayments).toEqual([
      'pay_refunded:course_r',
      'pay_refunded:course_k',
      'refund:pay_refunded:course_r',
    ]);
  });

  it('waits for the sale before debiting its refund', async () => {
    const sale = cartLine('pay_late', 'course_l', 'late-tutor', 20_000);
    await expect(handleRefund(refundOf(sale))).rejects.toThrow(/not in the ledger yet/);
    expect(await LEDGER.in(db).countDocuments({ paymentId: 'pay_late' })).toBe(0);
    await handle(sale);
    await handleRefund(refundOf(sale));
    expect(await creditedPaise(db, 'late-tutor')).toBe(0);
  });
});

describe('the ledger of before carts', () => {
  it('drops the one-line-per-payment index at start, and a cart line it refused is written on redelivery', async () => {
    const legacy = await earningsTestDatabase('legacyindex');
    try {
      await LEDGER.in(legacy.db).createIndex({ paymentId: 1 }, { name: LEGACY_PAYMENT_INDEX, unique: true });
      const first = cartLine('pay_old', 'course_1', 'old-tutor', 10_000);
      const second = cartLine('pay_old', 'course_2', 'old-tutor', 20_000);
      await handle(first, legacy.db);
      await expect(handle(second, legacy.db)).rejects.toThrow(/index of before carts/);

      await dropLegacyPaymentIndex(legacy.db, log);
      const names = (await LEDGER.in(legacy.db).indexes()).map((index) => index.name);
      expect(names).not.toContain(LEGACY_PAYMENT_INDEX);
      await dropLegacyPaymentIndex(legacy.db, log);
      await handle(second, legacy.db);
      expect(await creditedPaise(legacy.db, 'old-tutor')).toBe(8_000 + 16_000);
    } finally {
      await legacy.drop();
    }
  });
});
