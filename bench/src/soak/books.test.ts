/** The books' arithmetic counts what it must: a missing record as lost, a second one as doubled. */
import { describe, expect, it } from 'vitest';
import { onePerReceipt, tally, totalsPerOwner } from './books.ts';
import type { Receipt } from './receipts.ts';

const receipt = (n: number): Receipt => ({
  orderId: `order_${n}`,
  paymentId: `pay_${n}`,
  studentId: `student_${n % 3}`,
  courseId: `course_${n}`,
  tutorId: 'tutor_1',
  pricePaise: 49_900,
  paidAt: n,
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
