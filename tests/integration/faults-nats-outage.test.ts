import type { CourseDetails } from '@liveedu/api-client';
import { describe, expect, it } from 'vitest';
import * as flows from '../support/flows.ts';
import { PURCHASE_SERVICES } from '../support/platform.ts';
import { stackOnPrivateNats } from '../support/private-servers.ts';
import { eventually, type Session } from '../support/stack.ts';

const OUTAGE_MS = 120_000;
const TUTORS = 5;
const BUYERS_PER_COURSE = 10;
const PRICE = 700;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(work));
}

describe('NATS away for two minutes', () => {
  it(`${TUTORS * BUYERS_PER_COURSE} purchases completed meanwhile each enroll their buyer once and credit their tutor once after it returns`, async () => {
    const { nats, stack } = await stackOnPrivateNats({ services: PURCHASE_SERVICES, razorpay: true });
    const admin = await stack.loginAdmin();
    const tutors: Session[] = [];
    const courses: CourseDetails[] = [];
    for (let t = 0; t < TUTORS; t++) {
      const tutor = await flows.newTutor(stack, `natstutor${t}`);
      tutors.push(tutor);
      const id = await flows.createCourse(stack, tutor, { title: `Outage Course ${t}`, price: PRICE });
      courses.push(await flows.courseDetails(stack, id, tutor));
    }
    const purchases: { student: Session; course: CourseDetails; orderId?: string }[] = [];
    await inBatches(
      Array.from({ length: TUTORS * BUYERS_PER_COURSE }, (_, i) => i),
      5,
      async (i) => {
        const course = courses[i % TUTORS] as CourseDetails;
        purchases.push({ student: await stack.newUser('natsbuyer'), course });
      },
    );
    const revenueBefore = await flows.moneyFigure(stack, admin, '/api/v1/getTotalRevnue');

    await nats.halt();
    const haltedAt = Date.now();
    // Every purchase completes: checkout, the card, Razorpay's webhook and the browser's return.
    await inBatches(purchases, 5, async (purchase) => {
      const order = await flows.checkout(stack, purchase.student, purchase.course);
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      purchase.orderId = order.body.orderId;
      await flows.payAndReturn(stack, purchase.student, order.body.orderId, purchase.course);
    });
    for (const { student, orderId } of purchases) {
      expect(await flows.orderRows(stack, student, orderId as string)).toEqual([
        expect.objectContaining({ success: true }),
      ]);
    }
    // Paid, and waiting for the broker: nobody enrolled, no tutor credited yet.
    for (const { student, course } of purchases.slice(0, TUTORS)) {
      expect(await flows.enrolledTimes(stack, course._id, student)).toBe(0);
    }
    for (const tutor of tutors) {
      expect(await flows.moneyFigure(stack, tutor, '/api/v1/total-income-tutor')).toBe(0);
    }
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - haltedAt)));
    await nats.resume();

    const credit = BUYERS_PER_COURSE * PRICE * 0.8;
    await eventually(
      async () => {
        for (const tutor of tutors) {
          if ((await flows.moneyFigure(stack, tutor, '/api/v1/total-income-tutor')) !== credit)
            return undefined;
        }
        return true;
      },
      60_000,
      'every tutor credited after the outage',
    );
    await eventually(
      async () => {
        for (const { student, course } of purchases) {
          if ((await flows.enrolledTimes(stack, course._id, student)) !== 1) return undefined;
        }
        return true;
      },
      60_000,
      'every buyer enrolled after the outage',
    );
    await sleep(2_000); // anything repeated would have arrived by now

    for (const { student, course, orderId } of purchases) {
      expect(await flows.enrolledTimes(stack, course._id, student)).toBe(1);
      expect(await flows.orderRows(stack, student, orderId as string)).toHaveLength(1);
    }
    for (const [t, tutor] of tutors.entries()) {
      expect(await flows.moneyFigure(stack, tutor, '/api/v1/total-income-tutor')).toBe(credit);
      const enrollments = stack.services.catalog?.app.db.collection('enrollments');
      expect(await enrollments?.countDocuments({ courseId: courses[t]?._id })).toBe(BUYERS_PER_COURSE);
    }
    expect(await flows.moneyFigure(stack, admin, '/api/v1/getTotalRevnue')).toBe(
      revenueBefore + TUTORS * BUYERS_PER_COURSE * PRICE,
    );
    // Each fact consumed once by each service that reacts to it.
    for (const name of ['catalog', 'earnings'] as const) {
      const consumed = await stack.services[name]?.app.db
        .collection('processed_events')
        .countDocuments({ _id: { $regex: ':payment-succeeded:' } as never });
      expect(consumed, name).toBe(purchases.length);
    }
  }, 300_000);
});
