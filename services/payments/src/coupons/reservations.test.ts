import { fileTestDatabase } from '@liveedu/test-kit';
import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { PAYMENTS } from '../payments/store.ts';
import { COUPON_REFUSALS, RESERVATION_MS } from './domain.ts';
import {
  priceWithCoupon,
  redeemCoupon,
  releaseCoupon,
  releaseExpired,
  reserveCoupon,
  settleInterrupted,
} from './reservations.ts';
import { buyerKey, COUPON_BUYERS, COUPON_RESERVATIONS, COUPONS, type CouponDoc } from './store.ts';

const db = fileTestDatabase('payments', 'coupons', [COUPONS, COUPON_RESERVATIONS, PAYMENTS]);

const now = new Date();
let made = 0;
/** A coupon for every course, on from an hour ago to an hour ahead; `over` changes its terms. */
async function coupon(over: Partial<CouponDoc> = {}): Promise<CouponDoc> {
  made += 1;
  const doc: CouponDoc = {
    _id: new ObjectId(),
    code: `TEST${made}`,
    ownerId: 'admin',
    ownerRole: 'admin',
    scope: 'platform',
    courseId: null,
    tutorId: null,
    percentOff: 50,
    startsAt: new Date(now.getTime() - 3_600_000),
    endsAt: new Date(now.getTime() + 3_600_000),
    perUser: 1,
    used: 0,
    active: true,
    held: [],
    createdAt: now,
    ...over,
  };
  // An option set to undefined is left out, as the service writes coupons.
  for (const [name, value] of Object.entries(doc)) {
    if (value === undefined) delete doc[name as keyof CouponDoc];
  }
  await COUPONS.in(db).insertOne(doc);
  return doc;
}
const idOf = (c: CouponDoc) => c._id.toHexString();
const key = () => new ObjectId().toHexString();
const counts = async (c: CouponDoc, buyerId: string) => ({
  used: (await COUPONS.in(db).findOne({ _id: c._id }))?.used,
  buyer: (await COUPON_BUYERS.in(db).findOne({ _id: buyerKey(idOf(c), buyerId) }))?.count ?? 0,
});

describe('reserving uses of a coupon', () => {
  it('holds exactly maxUses for 50 simultaneous buyers', async () => {
    const c = await coupon({ maxUses: 10 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => reserveCoupon(db, idOf(c), `buyer-${i}`, key(), now)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok)).toEqual(
      Array.from({ length: 40 }, () => ({ ok: false, message: COUPON_REFUSALS.usedUp })),
    );
    expect((await COUPONS.in(db).findOne({ _id: c._id }))?.held).toHaveLength(10);
    expect(await COUPON_RESERVATIONS.in(db).countDocuments({ couponId: idOf(c) })).toBe(10);
  });

  it('holds at most perUser for one buyer checking out 50 times at once', async () => {
    const c = await coupon({ perUser: 2 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => reserveCoupon(db, idOf(c), 'greedy', key(), now)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(await counts(c, 'greedy')).toEqual({ used: 2, buyer: 2 });
  });

  it('gives a use back once on release and keeps it on redemption, however often either is called', async () => {
    const c = await coupon({ maxUses: 1 });
    const first = key();
    expect(await reserveCoupon(db, idOf(c), 'a', first, now)).toEqual({ ok: true });
    expect(await reserveCoupon(db, idOf(c), 'b', key(), now)).toEqual({
      ok: false,
      message: COUPON_REFUSALS.usedUp,
    });
    await Promise.all([releaseCoupon(db, first), releaseCoupon(db, first), releaseCoupon(db, first)]);
    expect(await counts(c, 'a')).toEqual({ used: 0, buyer: 0 });

    const second = key();
    expect(await reserveCoupon(db, idOf(c), 'b', second, now)).toEqual({ ok: true });
    await Promise.all([redeemCoupon(db, second), redeemCoupon(db, second), releaseCoupon(db, second)]);
    const after = await COUPONS.in(db).findOne({ _id: c._id });
    expect(after).toMatchObject({ used: 1, held: [] });
    expect((await COUPON_RESERVATIONS.in(db).findOne({ _id: second }))?.state).toBe('redeemed');
    // Redeemed for good: a release afterwards changes nothing.
    await releaseCoupon(db, second);
    expect(await counts(c, 'b')).toEqual({ used: 1, buyer: 1 });
  });

  it('counts again a use whose order is paid after its release, once', async () => {
    const c = await coupon({ maxUses: 5 });
    const order = key();
    await reserveCoupon(db, idOf(c), 'late', order, now);
    await releaseCoupon(db, order);
    expect(await counts(c, 'late')).toEqual({ used: 0, buyer: 0 });
    await Promise.all([redeemCoupon(db, order), redeemCoupon(db, order)]);
    await redeemCoupon(db, order);
    expect(await counts(c, 'late')).toEqual({ used: 1, buyer: 1 });
    expect(await COUPON_RESERVATIONS.in(db).findOne({ _id: order })).toMatchObject({
      state: 'redeemed',
      late: true,
      settled: true,
    });
  });

  it('releases an expired reservation before refusing a coupon as used up, but keeps a paid one', async () => {
    const c = await coupon({ maxUses: 2 });
    const stale = key();
    const paid = new ObjectId();
    await reserveCoupon(db, idOf(c), 'slow', stale, new Date(now.getTime() - RESERVATION_MS - 1000));
    await reserveCoupon(
      db,
      idOf(c),
      'payer',
      paid.toHexString(),
      new Date(now.getTime() - RESERVATION_MS - 1000),
    );
    // The second order was paid; its redemption never ran.
    await PAYMENTS.in(db).insertOne({
      _id: paid,
      razorpay_order_id: `order_${paid.toHexString()}`,
      courseId: 'c',
      courseTitle: 'C',
      studentId: 'payer',
      studentUsername: 'payer',
      tutorId: 't',
      amountPaise: 100,
      currency: 'INR',
      success: true,
      createdAt: now,
      day: '2026-01-01',
      month: '2026-01',
    });
    expect(await reserveCoupon(db, idOf(c), 'next', key(), now)).toEqual({ ok: true });
    expect((await COUPON_RESERVATIONS.in(db).findOne({ _id: stale }))?.state).toBe('released');
    expect((await COUPON_RESERVATIONS.in(db).findOne({ _id: paid.toHexString() }))?.state).toBe('redeemed');
    expect(await reserveCoupon(db, idOf(c), 'last', key(), now)).toEqual({
      ok: false,
      message: COUPON_REFUSALS.usedUp,
    });
    expect(await releaseExpired(db, {}, now)).toBe(0);
  });

  it('finishes the counters of a transition a crash interrupted', async () => {
    const c = await coupon();
    const order = key();
    await reserveCoupon(db, idOf(c), 'crash', order, now);
    // Released, but the process stopped before the counters followed.
    await COUPON_RESERVATIONS.in(db).updateOne(
      { _id: order },
      { $set: { state: 'released', changedAt: new Date(now.getTime() - 120_000) } },
    );
    expect(await counts(c, 'crash')).toEqual({ used: 1, buyer: 1 });
    expect(await settleInterrupted(db, now)).toBeGreaterThanOrEqual(1);
    expect(await settleInterrupted(db, now)).toBe(0);
    expect(await counts(c, 'crash')).toEqual({ used: 0, buyer: 0 });
  });

  it('refuses a coupon switched off, outside its window, or reserved twice for one order', async () => {
    const off = await coupon({ active: false });
    expect(await reserveCoupon(db, idOf(off), 'x', key(), now)).toEqual({
      ok: false,
      message: COUPON_REFUSALS.inactive,
    });
    const over = await coupon({ endsAt: now });
    expect(await reserveCoupon(db, idOf(over), 'x', key(), now)).toEqual({
      ok: false,
      message: COUPON_REFUSALS.expired,
    });
    const c = await coupon({ perUser: 5 });
    const order = key();
    expect(await reserveCoupon(db, idOf(c), 'x', order, now)).toEqual({ ok: true });
    expect(await reserveCoupon(db, idOf(c), 'x', order, now)).toEqual({ ok: true });
    expect(await counts(c, 'x')).toEqual({ used: 1, buyer: 1 });
  });
});

describe('pricing lines with a code', () => {
  it('prices the lines the coupon applies to and leaves the others at their price', async () => {
    const c = await coupon({
      scope: 'tutor',
      tutorId: 'tutor-a',
      amountOffPaise: 10_000,
      percentOff: undefined,
    });
    const lines = [
      { courseId: 'c1', tutorId: 'tutor-a', pricePaise: 49_900 },
      { courseId: 'c2', tutorId: 'tutor-b', pricePaise: 29_900 },
      { courseId: 'c3', tutorId: 'tutor-a', pricePaise: 5_000 },
    ];
    expect(await priceWithCoupon(db, ` ${c.code.toLowerCase()} `, lines, 'buyer', now)).toEqual({
      ok: true,
      couponId: idOf(c),
      code: c.code,
      lines: [
        { ...lines[0], couponApplies: true, payablePaise: 39_900 },
        { ...lines[1], couponApplies: false, payablePaise: 29_900 },
        { ...lines[2], couponApplies: true, payablePaise: 0 },
      ],
    });
    expect(await priceWithCoupon(db, c.code, [lines[1]!], 'buyer', now)).toEqual({
      ok: false,
      message: COUPON_REFUSALS.wrongCourse,
    });
    expect(await priceWithCoupon(db, 'NOSUCHCODE', lines, 'buyer', now)).toEqual({
      ok: false,
      message: COUPON_REFUSALS.unknown,
    });
    expect(await priceWithCoupon(db, 'no such code', lines, 'buyer', now)).toEqual({
      ok: false,
      message: COUPON_REFUSALS.unknown,
    });
  });

  it('refuses a buyer who holds perUser uses and a coupon whose uses are all held', async () => {
    const c = await coupon({ maxUses: 1 });
    const line = [{ courseId: 'c1', tutorId: 't', pricePaise: 10_000 }];
    await reserveCoupon(db, idOf(c), 'first', key(), now);
    expect(await priceWithCoupon(db, c.code, line, 'first', now)).toEqual({
      ok: false,
      message: COUPON_REFUSALS.usedUp,
    });
    const d = await coupon();
    await reserveCoupon(db, idOf(d), 'first', key(), now);
    expect(await priceWithCoupon(db, d.code, line, 'first', now)).toEqual({
      ok: false,
      message: COUPON_REFUSALS.perUser,
    });
    expect(await priceWithCoupon(db, d.code, line, 'second', now)).toMatchObject({ ok: true });
  });
});
