import { describe, expect, it } from 'vitest';
import { amountSegmentMatches, paiseToRupees, sellable } from './money.ts';

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
