/**
 * The books' arithmetic counts what it must: a missing record as lost, a second one as doubled;
 * a refunded course as neither owned nor earned, a cart's courses each on its own line of one
 * payment, a coupon's price by its rule and its use once an order.
 */
import { describe, expect, it } from 'vitest';
import {
  couponUses,
  creditPerTutor,
  ledgerKey,
  onePerReceipt,
  owned,
  paidRowKey,
  revenuePaise,
  tally,
  totalsPerOwner,
  tutorShare,
} from './books.ts';
import { couponApplies, paidWithCoupon } from './coupons.ts';
import type { Receipt } from './receipts.ts';

const receipt = (n: number, fields: Partial<Receipt> = {}): Receipt => ({
  orderId: `order_${n}`,
  paymentId: `pay_${n}`,
  studentId: `student_${n % 3}`,
  courseId: `course_${n}`,
  tutorId: 'tutor_1',
  pricePaise: 49_900,
  paidPaise: 49_900,
  paidAt: n,
  ...fields,
});
const paid = [receipt(1), receipt(2), receipt(3)];
const byPayment = (r: Receipt) => r.paymentId;

describe('one record per receipt', () => {
  it('is clean when every payment has exactly one', () => {
    const check = onePerReceipt('ledger', paid, byPayment, tally(['pay_1', 'pay_2', 'pay_3']));
    expect(check).toMatchObject({ expected: 3, found: 3, lost: 0, doubled: 0, examples: [] });
  });

  it('counts a payment without its record as lost', () => {
    const check = onePerReceipt('ledger', paid, byPayment, tally(['pay_1', 'pay_3']));
    expect(check).toMatchObject({ found: 2, lost: 1, doubled: 0 });
    expect(check.examples[0]).toContain('order_2');
  });

  it('counts a second record of one payment, and a record without a payment, as doubled', () => {
    const check = onePerReceipt(
      'ledger',
      paid,
      byPayment,
      tally(['pay_1', 'pay_2', 'pay_2', 'pay_3', 'pay_9']),
    );
    expect(check).toMatchObject({ found: 5, lost: 0, doubled: 2 });
  });
});

describe("an owner's total", () => {
  it('is lost when short, doubled when over, and clean when equal', () => {
    const expected = new Map([
      ['tutor_1', 39_920],
      ['tutor_2', 10_000],
      ['tutor_3', 0],
    ]);
    const found = new Map([
      ['tutor_1', 39_920],
      ['tutor_2', 20_000],
    ]);
    const check = totalsPerOwner('balance', expected, found, (n) => `${n} paise`);
    expect(check).toMatchObject({ lost: 0, doubled: 1 });
    expect(totalsPerOwner('balance', new Map([['tutor_1', 5]]), new Map(), String)).toMatchObject({
      lost: 1,
      doubled: 0,
    });
  });
});

describe('a refunded course', () => {
  const sold = [receipt(1, { pricePaise: 33_300, paidPaise: 33_300 }), receipt(2), receipt(3)];
  const books = sold.map((r, i) => (i === 0 ? { ...r, refundedAt: 50 } : r));

  it('is no longer owned: its enrollment left behind counts as doubled, its absence as right', () => {
    const pair = (r: Receipt) => `${r.studentId}:${r.courseId}`;
    const still = owned(books);
    expect(still.map((r) => r.courseId)).toEqual(['course_2', 'course_3']);
    expect(onePerReceipt('enrollment', still, pair, tally(books.slice(1).map(pair)))).toMatchObject({
      lost: 0,
      doubled: 0,
    });
    expect(onePerReceipt('enrollment', still, pair, tally(books.map(pair)))).toMatchObject({
      lost: 0,
      doubled: 1,
    });
  });

  it('takes its 80% off the tutor and what was paid off the revenue, to the paisa', () => {
    // 80% of ₹333 is ₹266.40; of ₹499, ₹399.20 each.
    expect(creditPerTutor(sold, ['tutor_1', 'tutor_2'])).toEqual(
      new Map([
        ['tutor_1', 26_640 + 39_920 * 2],
        ['tutor_2', 0],
      ]),
    );
    expect(creditPerTutor(books, ['tutor_1'])).toEqual(new Map([['tutor_1', 39_920 * 2]]));
    expect(revenuePaise(sold)).toBe(33_300 + 49_900 * 2);
    expect(revenuePaise(books)).toBe(49_900 * 2);
  });

  it('has its sale and a refund line of the same amounts, negative', () => {
    const r = books[0]!;
    expect(ledgerKey(r, 'sale')).toBe('sale/pay_1/course_1/33300/26640/tutor_1');
    expect(ledgerKey(r, 'refund')).toBe('refund/pay_1/course_1/-33300/-26640/tutor_1');
  });
});

describe("a cart's order", () => {
  const cart = [
    receipt(7, {
      orderId: 'order_c',
      paymentId: 'pay_c',
      courseId: 'course_a',
      tutorId: 'tutor_1',
      cart: true,
    }),
    receipt(7, {
      orderId: 'order_c',
      paymentId: 'pay_c',
      courseId: 'course_b',
      tutorId: 'tutor_2',
      pricePaise: 33_300,
      paidPaise: 28_305,
      couponCode: 'SOAKALL',
      orderCoupon: 'SOAKALL',
      cart: true,
    }),
  ];
  cart[0]!.orderCoupon = 'SOAKALL';

  it('gives each course its own paid row and ledger sale under the one payment', () => {
    expect(new Set(cart.map(paidRowKey)).size).toBe(2);
    expect(paidRowKey(cart[0]!)).toBe('order_c/pay_c/course_a/49900/-');
    expect(paidRowKey(cart[1]!)).toBe('order_c/pay_c/course_b/28305/SOAKALL');
    expect(new Set(cart.map((r) => ledgerKey(r, 'sale'))).size).toBe(2);
    // Each tutor gets 80% of their own course's line, rounded down per line.
    expect(creditPerTutor(cart, ['tutor_1', 'tutor_2'])).toEqual(
      new Map([
        ['tutor_1', 39_920],
        ['tutor_2', tutorShare(28_305)],
      ]),
    );
    expect(tutorShare(28_305)).toBe(22_644);
  });

  it('uses its coupon once, however many courses it priced', () => {
    const single = receipt(8, { paidPaise: 42_415, couponCode: 'SOAKALL', orderCoupon: 'SOAKALL' });
    expect(couponUses([...cart, single, receipt(9)], ['SOAKALL', 'SOAKFREE'])).toEqual(
      new Map([
        ['SOAKALL', 2],
        ['SOAKFREE', 0],
      ]),
    );
  });
});

describe('a coupon', () => {
  it('prices by its rule: a percentage rounded down to the paisa, an amount at most the price', () => {
    expect(paidWithCoupon(33_300, { percentOff: 15 })).toBe(28_305);
    expect(paidWithCoupon(33_333, { percentOff: 40 })).toBe(20_000);
    expect(paidWithCoupon(19_900, { amountOffPaise: 15_050 })).toBe(4_850);
    expect(paidWithCoupon(49_900, { percentOff: 100 })).toBe(0);
    expect(paidWithCoupon(10_000, { amountOffPaise: 20_000 })).toBe(0);
  });

  it('makes a rest below ₹1 free, as Razorpay cannot charge it', () => {
    expect(paidWithCoupon(15_099, { amountOffPaise: 15_000 })).toBe(0);
    expect(paidWithCoupon(15_100, { amountOffPaise: 15_000 })).toBe(100);
  });

  it("applies to its course, its tutor's courses, or every course", () => {
    const course = { id: 'course_1', tutorId: 'tutor_1' };
    expect(couponApplies({ scope: 'course', courseId: 'course_1', tutorId: 'tutor_1' }, course)).toBe(true);
    expect(couponApplies({ scope: 'course', courseId: 'course_2', tutorId: 'tutor_1' }, course)).toBe(false);
    expect(couponApplies({ scope: 'tutor', courseId: null, tutorId: 'tutor_1' }, course)).toBe(true);
    expect(couponApplies({ scope: 'tutor', courseId: null, tutorId: 'tutor_2' }, course)).toBe(false);
    expect(couponApplies({ scope: 'platform', courseId: null, tutorId: null }, course)).toBe(true);
  });

  it('paid whole leaves a line of zeros, and its refund a line of zeros, never -0', () => {
    const free = receipt(4, { paymentId: 'coupon_abc', paidPaise: 0, couponCode: 'SOAKFREE', refundedAt: 9 });
    expect(ledgerKey(free, 'sale')).toBe('sale/coupon_abc/course_4/0/0/tutor_1');
    expect(ledgerKey(free, 'refund')).toBe('refund/coupon_abc/course_4/0/0/tutor_1');
    expect(revenuePaise([free])).toBe(0);
    expect(creditPerTutor([free], ['tutor_1'])).toEqual(new Map([['tutor_1', 0]]));
  });
});
