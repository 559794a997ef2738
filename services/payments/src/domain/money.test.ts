import { describe, expect, it } from 'vitest';
import { amountSegmentMatches, paiseToRupees, priceToPaise } from './money.ts';

describe('money', () => {
  it('turns a catalog price in rupees into integer paise', () => {
    expect(priceToPaise(499)).toBe(49_900);
    expect(priceToPaise(19.99)).toBe(1999);
    expect(priceToPaise(1)).toBe(100);
  });

  it('refuses prices Razorpay cannot take', () => {
    for (const bad of [0, 0.5, -10, Number.NaN, Number.POSITIVE_INFINITY, '499', null, undefined]) {
      expect(priceToPaise(bad)).toBeNull();
    }
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
