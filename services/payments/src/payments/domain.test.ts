import { describe, expect, it } from 'vitest';
import {
  amountSegmentMatches,
  orderKeyOf,
  type PaymentFields,
  paiseToRupees,
  paymentSucceededData,
  paymentSucceededEventId,
  purchaseKey,
  sellable,
  toPaymentRecord,
} from './domain.ts';

describe('money', () => {
  it('sells a course for whole paise of at least a rupee, nothing Razorpay cannot take', () => {
    for (const good of [49_900, 1999, 100]) expect(sellable(good)).toBe(true);
    for (const bad of [0, 99, 50.5, -1000, Number.NaN, Number.POSITIVE_INFINITY])
      expect(sellable(bad)).toBe(false);
  });

  it('answers rupees', () => {
    expect(paiseToRupees(49_900)).toBe(499);
    expect(paiseToRupees(1999)).toBe(19.99);
  });

  it('matches the amount segment of a verification address only to the stored amount', () => {
    expect(amountSegmentMatches('499', 49_900)).toBe(true);
    expect(amountSegmentMatches('499.00', 49_900)).toBe(true);
    expect(amountSegmentMatches('19.99', 1999)).toBe(true);
    for (const other of ['1', '498.99', '4990', '499.001', '-499', '499e0', '0x1f3', '', ' 499', '499 ']) {
      expect(amountSegmentMatches(other, 49_900)).toBe(false);
    }
  });
});

const row: PaymentFields = {
  razorpay_order_id: 'order_A',
  courseId: 'c1',
  courseTitle: 'Course',
  studentId: 's1',
  studentUsername: 'student',
  tutorId: 't1',
  amountPaise: 49_950,
  currency: 'INR',
  success: false,
  createdAt: new Date('2026-03-01T10:00:00Z'),
  day: '2026-03-01',
  month: '2026-03',
};

describe('payment rows', () => {
  it('answers an order-history line in rupees, leaving out a payment id not yet known', () => {
    expect(toPaymentRecord('r1', row)).toEqual({
      _id: 'r1',
      razorpay_order_id: 'order_A',
      courseEnrolled: { _id: 'c1', title: 'Course' },
      amount: 499.5,
      success: false,
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    expect(toPaymentRecord('r1', { ...row, razorpay_payment_id: 'pay_B' }).razorpay_payment_id).toBe('pay_B');
  });

  it('shows the coupon and the price before it beside what was paid', () => {
    const withCoupon = {
      ...row,
      amountPaise: 0,
      listPricePaise: 49_950,
      couponCode: 'FREE100',
      couponId: 'x',
    };
    expect(toPaymentRecord('r1', withCoupon)).toMatchObject({
      amount: 0,
      listPrice: 499.5,
      couponCode: 'FREE100',
    });
    expect(toPaymentRecord('r1', withCoupon)).not.toHaveProperty('couponId');
  });

  it('states one payment fact per order, whoever proves it', () => {
    expect(paymentSucceededEventId('order_A')).toBe('payment-succeeded:order_A');
    expect(paymentSucceededData(row, 'pay_B', new Date('2026-03-01T10:05:00Z'))).toEqual({
      orderId: 'order_A',
      paymentId: 'pay_B',
      courseId: 'c1',
      courseTitle: 'Course',
      studentId: 's1',
      tutorId: 't1',
      amountPaise: 49_950,
      paidAt: '2026-03-01T10:05:00.000Z',
    });
    expect(purchaseKey('s1', 'c1')).toBe('s1:c1');
  });

  it("states a cart's lines one fact each, with the coupon and the price before it", () => {
    expect(paymentSucceededEventId('order_A', 'c1')).toBe('payment-succeeded:order_A:c1');
    const line = { ...row, cart: true as const, listPricePaise: 59_900, couponCode: 'SAVE10' };
    expect(paymentSucceededData(line, 'pay_B', new Date('2026-03-01T10:05:00Z'))).toMatchObject({
      amountPaise: 49_950,
      listPricePaise: 59_900,
      couponCode: 'SAVE10',
      cart: true,
    });
  });

  it('keys an order by its smallest row id, whichever order the rows are read in', () => {
    const ids = ['6650a7c5c01594f94ab541d2', '6650a7c5c01594f94ab541c9', '6650a7c5c01594f94ab541ff'];
    expect(orderKeyOf(ids)).toBe('6650a7c5c01594f94ab541c9');
    expect(orderKeyOf([...ids].reverse())).toBe('6650a7c5c01594f94ab541c9');
    expect(orderKeyOf(['6650a7c5c01594f94ab541d2'])).toBe('6650a7c5c01594f94ab541d2');
    expect(() => orderKeyOf([])).toThrow();
  });
});
