import { PAYMENTS_PAYMENT_SUCCEEDED } from '@liveedu/contracts';
import { describe, expect, it } from 'vitest';
import * as flows from '../support/flows.ts';
import { PURCHASE_SERVICES } from '../support/platform.ts';
import { stackOnPrivateNats } from '../support/private-servers.ts';
import { eventually } from '../support/stack.ts';

describe('payments while NATS is down', () => {
  it('a payment verified during an outage still ends with one enrollment and one credit once NATS is back', async () => {
    const { nats, stack } = await stackOnPrivateNats({ services: PURCHASE_SERVICES, razorpay: true });
    const tutor = await flows.newTutor(stack);
    const admin = await stack.loginAdmin();
    const student = await stack.newUser('outage');
    const price = 1499;
    const courseId = await flows.createCourse(stack, tutor, { title: 'Surviving Outages', price });
    const incomeBefore = await flows.moneyFigure(stack, tutor, '/api/v1/total-income-tutor');
    const revenueBefore = await flows.moneyFigure(stack, admin, '/api/v1/getTotalRevnue');

    const course = await flows.courseDetails(stack, courseId, tutor);
    const order = await flows.checkout(stack, student, course);
    expect(order.status).toBe(200);
    const { orderId } = order.body;

    await nats.halt();
    // Card, webhooks and the browser's callback all happen while the broker is away.
    await flows.payAndReturn(stack, student, orderId, course);

    // Verified and recorded; the fact waits in the payment's own document.
    const rows = stack.services.payments?.app.db.collection('payments');
    const row = await rows?.findOne({ razorpay_order_id: orderId });
    expect(row?.success).toBe(true);
    expect(row?._outbox).toEqual([
      expect.objectContaining({ id: `payment-succeeded:${orderId}`, type: PAYMENTS_PAYMENT_SUCCEEDED }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await flows.enrolledTimes(stack, courseId, student)).toBe(0);

    await nats.resume();
    await eventually(
      async () => ((await flows.enrolledTimes(stack, courseId, student)) === 1 ? true : undefined),
      45_000,
      'the enrollment after the outage',
    );
    await eventually(
      async () =>
        (await flows.moneyFigure(stack, tutor, '/api/v1/total-income-tutor')) === incomeBefore + price * 0.8
          ? true
          : undefined,
      30_000,
      'the tutor credit after the outage',
    );
    expect(await flows.moneyFigure(stack, admin, '/api/v1/getTotalRevnue')).toBe(revenueBefore + price);
    await eventually(async () =>
      (await rows?.findOne({ razorpay_order_id: orderId }))?._outbox?.length === 0 ? true : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await flows.enrolledTimes(stack, courseId, student)).toBe(1);
    expect(await flows.moneyFigure(stack, tutor, '/api/v1/total-income-tutor')).toBe(
      incomeBefore + price * 0.8,
    );
  }, 120_000);
});
