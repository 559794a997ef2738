import { describe, expect, it } from 'vitest';
import {
  acceptance,
  appliesTo,
  availability,
  buyerRefusal,
  COUPON_REFUSALS,
  type CouponTerms,
  couponTermsOf,
  discountedPaise,
  normalCode,
  rupeesToPaise,
  scopeOf,
  usedUp,
} from './domain.ts';

const now = new Date('2026-06-15T10:00:00Z');
const terms = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  scope: 'course',
  courseId: 'course-a',
  tutorId: 'tutor-a',
  percentOff: 20,
  startsAt: new Date('2026-06-01T00:00:00Z'),
  endsAt: new Date('2026-07-01T00:00:00Z'),
  perUser: 1,
  used: 0,
  active: true,
  ...over,
});
const courseA = { courseId: 'course-a', tutorId: 'tutor-a' };

describe('what a coupon takes off', () => {
  it('takes a percentage rounded down to the paisa, so the buyer never pays a fraction', () => {
    expect(discountedPaise(49_900, { percentOff: 20 })).toBe(39_920);
    // 33% of ₹999.99 is 32,999.67 paise: 32,999 off.
    expect(discountedPaise(99_999, { percentOff: 33 })).toBe(67_000);
    expect(discountedPaise(49_900, { percentOff: 1 })).toBe(49_401);
  });

  it('takes an amount up to the price, never below ₹0', () => {
    expect(discountedPaise(49_900, { amountOffPaise: 10_000 })).toBe(39_900);
    expect(discountedPaise(49_900, { amountOffPaise: 49_900 })).toBe(0);
    expect(discountedPaise(49_900, { amountOffPaise: 1_000_000_00 })).toBe(0);
  });

  it('makes a line free when less than ₹1 would be left, which Razorpay cannot charge', () => {
    expect(discountedPaise(49_900, { percentOff: 100 })).toBe(0);
    expect(discountedPaise(49_900, { amountOffPaise: 49_801 })).toBe(0);
    expect(discountedPaise(49_900, { amountOffPaise: 49_800 })).toBe(100);
    expect(discountedPaise(10_000, { percentOff: 99 })).toBe(100);
    expect(discountedPaise(5_000, { percentOff: 99 })).toBe(0);
  });
});

describe('which courses a coupon is for', () => {
  it("a course coupon fits its course, a tutor's every course of theirs, the platform's any course", () => {
    const other = { courseId: 'course-b', tutorId: 'tutor-a' };
    const elsewhere = { courseId: 'course-c', tutorId: 'tutor-b' };
    expect(appliesTo(terms(), courseA)).toBe(true);
    expect(appliesTo(terms(), other)).toBe(false);
    const tutorWide = terms({ scope: 'tutor', courseId: null });
    expect(appliesTo(tutorWide, courseA)).toBe(true);
    expect(appliesTo(tutorWide, other)).toBe(true);
    expect(appliesTo(tutorWide, elsewhere)).toBe(false);
    const platform = terms({ scope: 'platform', courseId: null, tutorId: null });
    expect([courseA, other, elsewhere].every((c) => appliesTo(platform, c))).toBe(true);
  });

  it('a tutor without a course makes a tutor coupon, the admin a platform one, anyone with a course a course one', () => {
    expect(scopeOf('tutor', null)).toBe('tutor');
    expect(scopeOf('admin', null)).toBe('platform');
    expect(scopeOf('tutor', 'course-a')).toBe('course');
    expect(scopeOf('admin', 'course-a')).toBe('course');
  });
});

describe('when a coupon may be used', () => {
  it('only while active and from startsAt up to (not at) endsAt', () => {
    expect(availability(terms(), now)).toBeNull();
    expect(availability(terms({ active: false }), now)).toBe(COUPON_REFUSALS.inactive);
    expect(availability(terms({ startsAt: new Date(now.getTime() + 1) }), now)).toBe(COUPON_REFUSALS.notYet);
    expect(availability(terms({ startsAt: now }), now)).toBeNull();
    expect(availability(terms({ endsAt: now }), now)).toBe(COUPON_REFUSALS.expired);
    expect(availability(terms({ endsAt: new Date(now.getTime() + 1) }), now)).toBeNull();
  });

  it('not once every use is held, and not by a buyer who holds perUser uses', () => {
    expect(usedUp(terms({ maxUses: 10, used: 9 }))).toBe(false);
    expect(usedUp(terms({ maxUses: 10, used: 10 }))).toBe(true);
    expect(usedUp(terms({ used: 1_000_000 }))).toBe(false);
    expect(buyerRefusal(terms({ perUser: 2 }), 1)).toBeNull();
    expect(buyerRefusal(terms({ perUser: 2 }), 2)).toBe(COUPON_REFUSALS.perUser);
  });

  it('tells a buyer whether the coupon makes the course free', () => {
    expect(acceptance(0)).toMatch(/free/);
    expect(acceptance(100)).not.toMatch(/free/);
  });
});

describe('a coupon as asked for', () => {
  const asked = {
    code: 'diwali25',
    courseId: null,
    percentOff: 25,
    startsAt: '2026-06-01T00:00:00Z',
    endsAt: '2026-07-01T00:00:00Z',
  };

  it('stores its code in upper case, one use per buyer unless said otherwise', () => {
    expect(couponTermsOf(asked)).toEqual({
      ok: true,
      code: 'DIWALI25',
      discount: { percentOff: 25 },
      startsAt: new Date('2026-06-01T00:00:00Z'),
      endsAt: new Date('2026-07-01T00:00:00Z'),
      perUser: 1,
    });
    expect(couponTermsOf({ ...asked, maxUses: 10, perUser: 3 })).toMatchObject({ maxUses: 10, perUser: 3 });
  });

  it('takes an amount in rupees with at most two decimals, up to ₹10,00,000', () => {
    const amount = { ...asked, percentOff: undefined };
    expect(couponTermsOf({ ...amount, amountOff: 99.5 })).toMatchObject({
      discount: { amountOffPaise: 9950 },
    });
    expect(couponTermsOf({ ...amount, amountOff: 1_000_000 })).toMatchObject({ ok: true });
    for (const bad of [0, -1, 0.001, 1_000_000.01, Number.NaN]) {
      expect(couponTermsOf({ ...amount, amountOff: bad }).ok, String(bad)).toBe(false);
    }
    expect(rupeesToPaise(0.07)).toBe(7);
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(1.005)).toBeNull();
  });

  it('refuses both kinds of discount or neither, a percentage outside 1–100, a window upside down, and bad limits', () => {
    const refused = (over: Record<string, unknown>) =>
      couponTermsOf({ ...asked, ...over } as typeof asked).ok === false;
    expect(refused({ amountOff: 100 })).toBe(true);
    expect(refused({ percentOff: undefined })).toBe(true);
    for (const pct of [0, 101, 12.5, -5]) expect(refused({ percentOff: pct })).toBe(true);
    expect(refused({ endsAt: asked.startsAt })).toBe(true);
    expect(refused({ endsAt: '2026-05-01T00:00:00Z' })).toBe(true);
    expect(refused({ startsAt: 'soon' })).toBe(true);
    for (const n of [0, 1.5, -1]) {
      expect(refused({ maxUses: n })).toBe(true);
      expect(refused({ perUser: n })).toBe(true);
    }
    for (const code of ['abc', 'a'.repeat(21), 'SAVE-10', 'SAVE 10', 'ÄPFEL10']) {
      expect(refused({ code })).toBe(true);
    }
  });

  it('reads a code typed with spaces around it or in lower case as the stored one', () => {
    expect(normalCode('  save10 ')).toBe('SAVE10');
    expect(normalCode('sav')).toBeNull();
    expect(normalCode('save_10')).toBeNull();
  });
});
