import { describe, expect, it } from 'vitest';
import { addressAgrees } from './domain.ts';

const order = { courseId: 'c1', studentId: 'u1', tutorId: 't1', amountPaise: 49_900 };
const path = { orderId: 'order_A', courseId: 'c1', userId: 'u1', teacherId: 't1', amount: '499' };

describe('the verification address', () => {
  it("agrees when every segment names the stored order's course, buyer, tutor and amount", () => {
    expect(addressAgrees(path, order)).toBe(true);
    expect(addressAgrees({ ...path, amount: '499.00' }, order)).toBe(true);
  });

  it('disagrees when any segment names something else', () => {
    expect(addressAgrees({ ...path, courseId: 'c2' }, order)).toBe(false);
    expect(addressAgrees({ ...path, userId: 'u2' }, order)).toBe(false);
    expect(addressAgrees({ ...path, teacherId: 't2' }, order)).toBe(false);
    expect(addressAgrees({ ...path, amount: '1' }, order)).toBe(false);
  });
});
