import { catalogService } from '@liveedu/catalog';
import { PAYMENTS_PAYMENT_SUCCEEDED } from '@liveedu/contracts';
import { earningsService } from '@liveedu/earnings';
import { identityService } from '@liveedu/identity';
import { paymentsService } from '@liveedu/payments';
import { payOrderOverHttp, TEST_CARDS } from '@liveedu/razorpay-sandbox';
import { startPrivateNats } from '@liveedu/test-kit';
import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { eventually, type Session, startTestStack, type TestStack } from '../support/stack.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function newTutor(stack: TestStack): Promise<Session> {
  const session = await stack.newUser('tutor');
  const users = stack.services.identity?.app.db.collection('users');
  await users?.updateOne({ _id: new ObjectId(session._id) }, { $set: { role: 'tutor' } });
  return session;
}

async function createCourse(stack: TestStack, tutor: Session, price: number): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'cover.png');
  form.append(
    'Data',
    JSON.stringify({
      title: 'Surviving Outages',
      desc: 'Bought while the broker is down.',
      price,
      category: 'Web Development',
      difficulity: 'beginner',
      benefits: 'Calm',
      prerequistes: 'None',
      courseContent: [
        [
          {
            sectionTitle: 'One',
            videoTitle: 'Hello',
            videoDesc: 'Hi',
            videoLink: 'https://v.example.com/1.mp4',
          },
        ],
      ],
    }),
  );
  const created = await stack.call<{ _id: string }>('POST', '/api/v1/create-course', {
    as: tutor,
    raw: form,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body._id;
}

async function figure(stack: TestStack, who: Session, path: string): Promise<number> {
  const response = await stack.call<{ earning?: number; money?: number }>('GET', path, { as: who });
  expect(response.status).toBe(200);
  return response.body.earning ?? response.body.money ?? Number.NaN;
}

/** The catalog lists a student in `studentsEnrolled` only on that student's own request. */
async function enrolledTimes(stack: TestStack, courseId: string, student: Session): Promise<number> {
  const details = await stack.call<{ studentsEnrolled: string[] }>(
    'GET',
    `/api/v1/get-course-details/${courseId}`,
    { as: student },
  );
  return details.body.studentsEnrolled.filter((id) => id === student._id).length;
}

describe('payments while NATS is down', () => {
  it('a payment verified during an outage still ends with one enrollment and one credit once NATS is back', async () => {
    const nats = await startPrivateNats();
    const stack = await startTestStack({
      services: {
        identity: identityService,
        catalog: catalogService,
        earnings: earningsService,
        payments: paymentsService,
      },
      natsUrl: nats.url,
      razorpay: true,
    });
    try {
      const sandbox = stack.razorpay;
      if (!sandbox) throw new Error('no sandbox');
      const tutor = await newTutor(stack);
      const admin = await stack.login('admin', 'admin-test-password');
      const student = await stack.newUser('outage');
      const price = 1499;
      const courseId = await createCourse(stack, tutor, price);
      const incomeBefore = await figure(stack, tutor, '/api/v1/total-income-tutor');
      const revenueBefore = await figure(stack, admin, '/api/v1/getTotalRevnue');

      const checkout = await stack.call<{ orderId: string }>('POST', '/api/v1/checkout', {
        as: student,
        body: { amount: price, paymentTo: tutor._id, course: courseId, paymentBy: student._id },
      });
      expect(checkout.status).toBe(200);
      const { orderId } = checkout.body;

      await nats.halt();
      // Card, webhooks and the browser's callback all happen while the broker is away.
      const paid = await payOrderOverHttp({
        sandboxUrl: sandbox.url,
        keyId: sandbox.keyId,
        orderId,
        callbackUrl: `${stack.url}/api/v1/paymentVerification/${orderId}/${courseId}/${student._id}/${tutor._id}/${price}`,
        prefill: { email: student.email },
        card: TEST_CARDS.success,
        followCallback: true,
      });
      if (paid.outcome !== 'success') throw new Error('declined');
      expect(paid.callbackResponse?.status).toBe(303);
      expect(paid.callbackResponse?.location).toBe(
        `${stack.url}/paymentsuccess?reference=${paid.fields.razorpay_payment_id}`,
      );

      // Verified and recorded; the fact waits in the payment's own document.
      const rows = stack.services.payments?.app.db.collection('payments');
      const row = await rows?.findOne({ razorpay_order_id: orderId });
      expect(row?.success).toBe(true);
      expect(row?._outbox).toEqual([
        expect.objectContaining({ id: `payment-succeeded:${orderId}`, type: PAYMENTS_PAYMENT_SUCCEEDED }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await enrolledTimes(stack, courseId, student)).toBe(0);

      await nats.resume();
      await eventually(
        async () => ((await enrolledTimes(stack, courseId, student)) === 1 ? true : undefined),
        45_000,
        'the enrollment after the outage',
      );
      await eventually(
        async () =>
          (await figure(stack, tutor, '/api/v1/total-income-tutor')) === incomeBefore + price * 0.8
            ? true
            : undefined,
        30_000,
        'the tutor credit after the outage',
      );
      expect(await figure(stack, admin, '/api/v1/getTotalRevnue')).toBe(revenueBefore + price);
      await eventually(async () =>
        (await rows?.findOne({ razorpay_order_id: orderId }))?._outbox?.length === 0 ? true : undefined,
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await enrolledTimes(stack, courseId, student)).toBe(1);
      expect(await figure(stack, tutor, '/api/v1/total-income-tutor')).toBe(incomeBefore + price * 0.8);
    } finally {
      await stack.close();
      await nats.stop();
    }
  }, 120_000);
});
