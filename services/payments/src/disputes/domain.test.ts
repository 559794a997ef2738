import { describe, expect, it } from 'vitest';
import {
  DISPUTE_ENDINGS,
  disputeClosedEventId,
  disputeCreatedEventId,
  disputeData,
  disputeLines,
  disputeReportOf,
  endingStatus,
} from './domain.ts';

describe('disputes', () => {
  it('reads a dispute from the webhook only when it names itself and its payment', () => {
    expect(disputeReportOf({ id: 'disp_AAAAAAAAAAAAAA', payment_id: 'pay_B', status: 'open' })).toEqual({
      disputeId: 'disp_AAAAAAAAAAAAAA',
      paymentId: 'pay_B',
      status: 'open',
    });
    expect(disputeReportOf({ id: 'rfnd_A', payment_id: 'pay_B' })).toBeNull();
    expect(disputeReportOf({ id: 'disp_A' })).toBeNull();
    expect(disputeReportOf({ id: ['disp_A'], payment_id: 'pay_B' })).toBeNull();
    expect(disputeReportOf(undefined)).toBeNull();
  });

  it('ends on won, lost or closed, and says how', () => {
    expect([...DISPUTE_ENDINGS].sort()).toEqual([
      'payment.dispute.closed',
      'payment.dispute.lost',
      'payment.dispute.won',
    ]);
    expect(DISPUTE_ENDINGS.has('payment.dispute.created')).toBe(false);
    expect(endingStatus('payment.dispute.won', 'won')).toBe('won');
    expect(endingStatus('payment.dispute.lost', 'open')).toBe('lost');
  });

  it("names every paid course of the disputed payment's order, one fact per dispute and state", () => {
    const rows = [
      { courseId: 'c1', tutorId: 't1', amountPaise: 49_900, success: true },
      { courseId: 'c2', tutorId: 't2', amountPaise: 19_900, success: true },
      { courseId: 'c3', tutorId: 't1', amountPaise: 9_900, success: false },
    ];
    const lines = disputeLines(rows);
    expect(lines).toEqual([
      { courseId: 'c1', tutorId: 't1', amountPaise: 49_900 },
      { courseId: 'c2', tutorId: 't2', amountPaise: 19_900 },
    ]);
    const report = { disputeId: 'disp_A', paymentId: 'pay_B', status: 'open' };
    expect(disputeData(report, 'order_C', lines, new Date('2026-12-01T00:00:00Z'))).toEqual({
      disputeId: 'disp_A',
      paymentId: 'pay_B',
      orderId: 'order_C',
      lines,
      status: 'open',
      at: '2026-12-01T00:00:00.000Z',
    });
    expect(disputeCreatedEventId('disp_A')).toBe('dispute-created:disp_A');
    expect(disputeClosedEventId('disp_A')).toBe('dispute-closed:disp_A');
  });
});
