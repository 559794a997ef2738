import { describe, expect, it } from 'vitest';
import {
  approvedByRule,
  decisionOutcome,
  failureReasonOf,
  needsProvider,
  providerRefusal,
  REFUND_RULE,
  refundableUntil,
  refundMatchesLine,
  refundProcessedData,
  refundProcessedEventId,
  refundStanding,
  standingText,
} from './domain.ts';

// 10:00 IST on 27 November 2026.
const paidAt = new Date('2026-11-27T04:30:00Z');
const DAY = 24 * 60 * 60 * 1000;
const later = (ms: number) => new Date(paidAt.getTime() + ms);

describe('the refund rule', () => {
  it('closes 30 days after the payment, to the millisecond', () => {
    expect(refundableUntil(paidAt).toISOString()).toBe('2026-12-27T04:30:00.000Z');
    expect(approvedByRule({ paidAt, completedPercent: 0, now: later(30 * DAY - 1) })).toBe(true);
    expect(approvedByRule({ paidAt, completedPercent: 0, now: later(30 * DAY) })).toBe(false);
    expect(approvedByRule({ paidAt, completedPercent: 0, now: later(45 * DAY) })).toBe(false);
  });

  it('approves under 30% completed and sends 30% or more to the admin', () => {
    const now = later(DAY);
    expect(approvedByRule({ paidAt, completedPercent: 0, now })).toBe(true);
    expect(approvedByRule({ paidAt, completedPercent: 29, now })).toBe(true);
    expect(approvedByRule({ paidAt, completedPercent: 30, now })).toBe(false);
    expect(approvedByRule({ paidAt, completedPercent: 100, now })).toBe(false);
  });

  it("says the student's standing in words, in India's calendar", () => {
    const now = later(DAY);
    expect(standingText({ paidAt, completedPercent: 12, now })).toBe(
      'refundable until 27 Dec, 12% completed',
    );
    expect(standingText({ paidAt, completedPercent: 45, now })).toBe(
      '45% completed, past the 30% a refund allows',
    );
    expect(standingText({ paidAt, completedPercent: 12, now: later(31 * DAY) })).toBe(
      'refund window ended 27 Dec, 12% completed',
    );
    expect(standingText({ paidAt, now })).toBe('refundable until 27 Dec while under 30% is completed');
    // 23:00 UTC on 31 January is 1 February in India.
    expect(standingText({ paidAt: new Date('2027-01-01T23:00:00Z'), completedPercent: 0, now: paidAt })).toBe(
      'refundable until 1 Feb, 0% completed',
    );
  });

  it('shows the rule, the standing and the latest request on a paid line', () => {
    const now = later(DAY);
    expect(refundStanding({ paidAt, completedPercent: 12, now })).toEqual({
      refundableUntil: '2026-12-27T04:30:00.000Z',
      completedPercent: 12,
      refundable: true,
      rule: REFUND_RULE,
      standing: 'refundable until 27 Dec, 12% completed',
    });
    // A line held by a request is not refundable again; a rejected one may be asked again.
    expect(
      refundStanding({ paidAt, completedPercent: 12, now, request: { id: 'r1', status: 'refunded' } }),
    ).toMatchObject({ refundable: false, status: 'refunded', requestId: 'r1' });
    expect(
      refundStanding({ paidAt, completedPercent: 12, now, request: { id: 'r2', status: 'rejected' } }),
    ).toMatchObject({ refundable: true, status: 'rejected' });
    // Without the catalog's answer the percent is left out and nothing is promised.
    const unknown = refundStanding({ paidAt, now });
    expect(unknown).not.toHaveProperty('completedPercent');
    expect(unknown.refundable).toBe(false);
  });
});

describe('decisions and Razorpay', () => {
  it('lets a rejected line be asked again, and holds an approved one', () => {
    expect(decisionOutcome('approve')).toEqual({ status: 'approved', releasesLine: false });
    expect(decisionOutcome('reject')).toEqual({ status: 'rejected', releasesLine: true });
  });

  it('refunds a line paid nothing without Razorpay', () => {
    expect(needsProvider(0)).toBe(false);
    expect(needsProvider(100)).toBe(true);
  });

  it("tells Razorpay's refusal (a 400) from a failure a retry may get past", () => {
    const refusal = {
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR', description: 'The payment has been fully refunded already' },
    };
    expect(providerRefusal(refusal)).toBe('The payment has been fully refunded already');
    expect(providerRefusal({ statusCode: 500, error: { description: 'trouble' } })).toBeNull();
    expect(providerRefusal({ statusCode: 401, error: { description: 'Authentication failed' } })).toBeNull();
    expect(providerRefusal(new Error('connect ECONNREFUSED'))).toBeNull();
    expect(providerRefusal(undefined)).toBeNull();
    expect(failureReasonOf({ status: 'failed', error_description: 'The account is closed' })).toBe(
      'The account is closed',
    );
    expect(failureReasonOf({ status: 'failed' })).toBe('Razorpay could not process the refund');
  });

  it('takes a refund for a line only when it is of its payment, for its amount', () => {
    const line = { paymentId: 'pay_A', amountPaise: 49_900 };
    expect(refundMatchesLine({ payment_id: 'pay_A', amount: 49_900 }, line)).toBe(true);
    expect(refundMatchesLine({ payment_id: 'pay_B', amount: 49_900 }, line)).toBe(false);
    expect(refundMatchesLine({ payment_id: 'pay_A', amount: 69_800 }, line)).toBe(false);
  });

  it('states one fact per order and course', () => {
    expect(refundProcessedEventId('order_A', 'c1')).toBe('refund-processed:order_A:c1');
    const line = {
      orderId: 'order_A',
      paymentId: 'pay_A',
      courseId: 'c1',
      courseTitle: 'Course',
      studentId: 's1',
      tutorId: 't1',
      amountPaise: 19_900,
    };
    expect(refundProcessedData(line, { requestId: 'r1', refundId: 'rfnd_1' }, paidAt)).toEqual({
      ...line,
      requestId: 'r1',
      refundId: 'rfnd_1',
      refundedAt: '2026-11-27T04:30:00.000Z',
    });
  });
});
