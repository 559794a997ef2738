import { describe, expect, it } from 'vitest';
import { accountKey, isPaise, isText, reversed, saleKey, splitPayment, toRupees } from './domain.ts';

describe('splitPayment', () => {
  it('gives the tutor 80% and the platform 20% of an even amount', () => {
    expect(splitPayment(50_000)).toEqual({ tutorPaise: 40_000, platformPaise: 10_000 });
  });

  it('rounds the tutor down and gives the remainder to the platform', () => {
    expect(splitPayment(99_999)).toEqual({ tutorPaise: 79_999, platformPaise: 20_000 });
    expect(splitPayment(1)).toEqual({ tutorPaise: 0, platformPaise: 1 });
    expect(splitPayment(3)).toEqual({ tutorPaise: 2, platformPaise: 1 });
    expect(splitPayment(0)).toEqual({ tutorPaise: 0, platformPaise: 0 });
  });

  it('never loses or invents a paisa', () => {
    for (let gross = 0; gross < 2_000; gross += 7) {
      const { tutorPaise, platformPaise } = splitPayment(gross);
      expect(tutorPaise + platformPaise).toBe(gross);
      expect(tutorPaise).toBeLessThanOrEqual(gross * 0.8);
      expect(platformPaise).toBeGreaterThanOrEqual(gross * 0.2);
    }
  });

  it('refuses what is not a whole non-negative number of paise', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(isPaise(bad)).toBe(false);
      expect(() => splitPayment(bad)).toThrow(RangeError);
    }
  });

  it('takes an id from an event only when it is a string with something in it', () => {
    expect(isText('pay_1')).toBe(true);
    for (const bad of ['', undefined, null, 42, {}]) expect(isText(bad)).toBe(false);
  });
});

describe('toRupees', () => {
  it('answers rupees with paise as decimals', () => {
    expect(toRupees(123_456)).toBe(1234.56);
    expect(toRupees(100_000)).toBe(1000);
    expect(toRupees(0)).toBe(0);
  });
});

describe('line keys', () => {
  it('tells the courses of one payment apart', () => {
    expect(saleKey('pay_1', 'course_a')).toBe('pay_1:course_a');
    expect(saleKey('pay_1', 'course_a')).not.toBe(saleKey('pay_1', 'course_b'));
  });

  it('gives a sale and its refund different account keys, a line without a kind being a sale', () => {
    const line = { paymentId: 'pay_1', courseId: 'course_a' };
    expect(accountKey(line)).toBe('pay_1:course_a');
    expect(accountKey({ ...line, kind: 'sale' })).toBe('pay_1:course_a');
    expect(accountKey({ ...line, kind: 'refund' })).toBe('refund:pay_1:course_a');
  });
});

describe('reversed', () => {
  it("is the sale's own split with the sign turned, so the two sum to nothing", () => {
    const sale = { grossPaise: 99_999, ...splitPayment(99_999) };
    const refund = reversed(sale);
    expect(refund).toEqual({ grossPaise: -99_999, tutorPaise: -79_999, platformPaise: -20_000 });
    expect(refund.tutorPaise + sale.tutorPaise).toBe(0);
    expect(Object.is(reversed({ grossPaise: 0, tutorPaise: 0, platformPaise: 0 }).grossPaise, 0)).toBe(true);
  });
});
