import { describe, expect, it } from 'vitest';
import {
  atListPrice,
  CART_MESSAGES,
  type CartLine,
  cartCourseIds,
  cartOrderNotes,
  cartSlot,
  cartTotals,
  chargeable,
  couponApplied,
  MAX_CART_COURSES,
  notForSale,
  saleRefusal,
} from './domain.ts';

const id = (n: number) => n.toString(16).padStart(24, 'a');

const course = {
  _id: id(1),
  title: 'Ledgers in Depth',
  tutorId: 'tutor1',
  pricePaise: 129_900,
  enrolled: false,
};

const line = (n: number, pricePaise: number, payablePaise = pricePaise, couponApplies = false): CartLine => ({
  courseId: id(n),
  title: `Course ${n}`,
  tutorId: 'tutor1',
  pricePaise,
  payablePaise,
  couponApplies,
});

describe('what a cart holds', () => {
  it(`takes up to ${MAX_CART_COURSES} courses, each once however its id is written`, () => {
    const twenty = Array.from({ length: MAX_CART_COURSES }, (_, n) => id(n));
    expect(cartCourseIds(twenty)).toEqual({ ok: true, courseIds: twenty });
    expect(cartCourseIds([...twenty, id(99)])).toEqual({ ok: false, message: CART_MESSAGES.tooMany });
    expect(cartCourseIds([])).toEqual({ ok: true, courseIds: [] });
    expect(cartCourseIds([id(1), id(2), id(1)])).toEqual({
      ok: false,
      message: `Course ${id(1)} is in the cart twice`,
    });
    const upper = 'ABCDEF0123456789ABCDEF01';
    expect(cartCourseIds([upper])).toEqual({ ok: true, courseIds: [upper.toLowerCase()] });
    expect(cartCourseIds([upper, upper.toLowerCase()]).ok).toBe(false);
  });

  it("refuses one's own course, one had already, a free one and a price Razorpay cannot take, naming it", () => {
    expect(saleRefusal(course, 'buyer', false)).toBeNull();
    expect(saleRefusal(course, 'tutor1', false)).toBe('"Ledgers in Depth" is your own course');
    expect(saleRefusal({ ...course, enrolled: true }, 'buyer', false)).toBe(
      'You already have "Ledgers in Depth"',
    );
    expect(saleRefusal(course, 'buyer', true)).toBe('You already have "Ledgers in Depth"');
    expect(saleRefusal({ ...course, pricePaise: 0 }, 'buyer', false)).toBe(
      '"Ledgers in Depth" is free: enroll in it without paying',
    );
    expect(saleRefusal({ ...course, pricePaise: 50 }, 'buyer', false)).toBe(
      '"Ledgers in Depth" cannot be bought',
    );
    expect(notForSale(id(7))).toBe(`Course ${id(7)} is not for sale`);
  });
});

describe("a cart's price", () => {
  it('adds the prices and what is paid; a line below ₹1 is free', () => {
    expect(chargeable(99)).toBe(0);
    expect(chargeable(100)).toBe(100);
    expect(chargeable(0)).toBe(0);
    expect(atListPrice({ courseId: id(1), title: 'A', tutorId: 't', pricePaise: 49_900 })).toEqual({
      courseId: id(1),
      title: 'A',
      tutorId: 't',
      pricePaise: 49_900,
      payablePaise: 49_900,
      couponApplies: false,
    });
    expect(cartTotals([line(1, 49_900), line(2, 129_900, 103_920, true), line(3, 79_900)])).toEqual({
      count: 3,
      totalPaise: 259_700,
      payablePaise: 233_720,
    });
    expect(cartTotals([])).toEqual({ count: 0, totalPaise: 0, payablePaise: 0 });
  });

  it('says how far the coupon reaches', () => {
    expect(couponApplied([line(1, 49_900, 39_920, true), line(2, 79_900)])).toBe(
      'The coupon applies to 1 of the 2 courses in your cart',
    );
    expect(couponApplied([line(1, 49_900, 39_920, true), line(2, 79_900, 63_920, true)])).toBe(
      'The coupon applies to every course in your cart',
    );
    expect(couponApplied([line(1, 49_900, 0, true), line(2, 79_900, 0, true)])).toBe(
      'The coupon makes your cart free',
    );
  });
});

describe("a cart's order", () => {
  it('is known by its courses, in any order, and its coupon code in any case', () => {
    const slot = cartSlot([id(1), id(2), id(3)], 'save10');
    expect(slot).toMatch(/^cart-[0-9a-f]{32}$/);
    expect(cartSlot([id(3), id(1), id(2)], ' SAVE10 ')).toBe(slot);
    expect(cartSlot([id(1), id(2), id(3)])).not.toBe(slot);
    expect(cartSlot([id(1), id(2)], 'SAVE10')).not.toBe(slot);
    expect(cartSlot([id(1), id(2), id(3)], 'OTHER')).not.toBe(slot);
  });

  it("notes the buyer and the courses within Razorpay's limits (15 notes of 256 characters)", () => {
    expect(cartOrderNotes('buyer', [id(1), id(2)])).toEqual({
      student: 'buyer',
      courses: `${id(1)},${id(2)}`,
    });
    const twenty = Array.from({ length: MAX_CART_COURSES }, (_, n) => id(n));
    const notes = cartOrderNotes('buyer', twenty);
    expect(Object.keys(notes)).toEqual(['student', 'courses', 'courses_2']);
    expect(Object.keys(notes).length).toBeLessThanOrEqual(15);
    for (const value of Object.values(notes)) expect(value.length).toBeLessThanOrEqual(256);
    expect(
      [notes.courses, notes.courses_2]
        .join(',')
        .split(',')
        .filter((x) => x),
    ).toEqual(twenty);
  });
});
