import { describe, expect, it } from 'vitest';
import {
  couponBodyOf,
  couponDiscount,
  couponUses,
  couponWindow,
  emptyCouponDraft,
  localDateTime,
} from './coupons.ts';

describe('the coupon form’s request', () => {
  const draft = {
    ...emptyCouponDraft(new Date(2026, 11, 1, 10, 0)),
    code: ' launch20 ',
    discount: '20',
  };

  it('starts now for 30 days, a percentage, one use per student and no limit in all', () => {
    expect(emptyCouponDraft(new Date(2026, 11, 1, 9, 5))).toEqual({
      code: '',
      courseId: '',
      kind: 'percent',
      discount: '',
      startsAt: '2026-12-01T09:05',
      endsAt: '2026-12-31T09:05',
      maxUses: '',
      perUser: '1',
    });
  });

  it('sends a percentage for every course, the window as instants, and no limit left empty', () => {
    expect(couponBodyOf(draft)).toEqual({
      ok: true,
      body: {
        code: 'launch20',
        courseId: null,
        percentOff: 20,
        startsAt: new Date(2026, 11, 1, 10, 0).toISOString(),
        endsAt: new Date(2026, 11, 31, 10, 0).toISOString(),
        perUser: 1,
      },
    });
  });

  it('sends rupees off one course with its limits', () => {
    const asked = couponBodyOf({
      ...draft,
      courseId: 'c1',
      kind: 'amount',
      discount: '199.5',
      maxUses: '50',
      perUser: '2',
    });
    expect(asked.ok && asked.body).toMatchObject({
      courseId: 'c1',
      amountOff: 199.5,
      maxUses: 50,
      perUser: 2,
    });
    expect(asked.ok && 'percentOff' in asked.body).toBe(false);
  });

  it('leaves every other rule to the server: what it cannot read is sent as typed', () => {
    const asked = couponBodyOf({ ...draft, discount: '12.5', maxUses: 'x' });
    expect(asked.ok && asked.body).toMatchObject({ percentOff: 12.5, maxUses: 'x' });
  });

  it('refuses only what cannot be sent at all: no discount, or no dates', () => {
    expect(couponBodyOf({ ...draft, discount: ' ' })).toEqual({
      ok: false,
      message: 'Enter the percent off',
    });
    expect(couponBodyOf({ ...draft, kind: 'amount', discount: '' })).toEqual({
      ok: false,
      message: 'Enter the amount off',
    });
    expect(couponBodyOf({ ...draft, endsAt: '' })).toEqual({
      ok: false,
      message: 'Choose when the coupon starts and ends',
    });
  });

  it('writes a datetime-local value in the browser’s time', () => {
    expect(localDateTime(new Date(2027, 0, 2, 3, 4, 59))).toBe('2027-01-02T03:04');
  });
});

describe('a coupon as listed', () => {
  it('says its discount, its window in India’s time and its uses', () => {
    expect(couponDiscount({ percentOff: 20 })).toBe('20% off');
    expect(couponDiscount({ amountOff: 199.5 })).toBe('₹199.50 off');
    expect(couponWindow({ startsAt: '2026-12-01T04:30:00.000Z', endsAt: '2026-12-31T18:29:00.000Z' })).toBe(
      '1 Dec 2026, 10:00 am – 31 Dec 2026, 11:59 pm',
    );
    expect(couponUses({ used: 3, maxUses: 100 })).toBe('3 / 100');
    expect(couponUses({ used: 0 })).toBe('0 / no limit');
  });
});
