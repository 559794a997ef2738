/**
 * What users do again and again across the integration tests — become a tutor, publish a course,
 * buy it — written once, through the gateway as a browser would, typed by the API's own schemas.
 */
import { createHmac } from 'node:crypto';
import type { BodyOf, CourseDetails, CourseForUpdate, ResponseOf } from '@liveedu/api-client';
import {
  LEARNING_ITEM_PASSED,
  LEARNING_REQUIREMENT_CHANGED,
  type LearningItemPassedData,
  type LearningRequirementChangedData,
  MEDIA_VIDEO_READY,
  PAYMENTS_DISPUTE_CLOSED,
  PAYMENTS_DISPUTE_CREATED,
  PAYMENTS_PAYMENT_SUCCEEDED,
  PAYMENTS_REFUND_PROCESSED,
  type PaymentsDisputeData,
  type PaymentsPaymentSucceededData,
  type PaymentsRefundProcessedData,
} from '@liveedu/contracts';
import { payOrderOverHttp, TEST_CARDS } from '@liveedu/razorpay-sandbox';
import { newEvent, type Service } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { expect } from 'vitest';
import { countPublished } from './events.ts';
import { PNG } from './identity-fixtures.ts';
import { eventually, type Session, type StackRazorpay, type TestStack } from './stack.ts';

export type Checkout = ResponseOf<'/api/v1/checkout', 'post'>;

/** GETs `path` as `who` (or a visitor), expects 200 and answers the body. */
export async function readOk<T>(stack: TestStack, path: string, who?: Session): Promise<T> {
  const response = await stack.call<T>('GET', path, who ? { as: who } : {});
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
}

/**
 * A new student made a tutor, as an accepted application does (the gateway reads the current
 * role on each call). Identity finishes publishing the sign-up first, so no write of its own
 * races this one.
 */
export async function newTutor(stack: TestStack, prefix = 'tutor'): Promise<Session> {
  const session = await stack.newUser(prefix);
  const users = stack.services.identity?.app.db.collection('users');
  if (!users) throw new Error('identity is not running');
  await eventually(async () => {
    const user = await users.findOne({ _id: new ObjectId(session._id) });
    return user && user._outboxAt === undefined ? true : undefined;
  });
  await users.updateOne({ _id: new ObjectId(session._id) }, { $set: { role: 'tutor' } });
  return session;
}

/** A student becomes a tutor as the site makes one: an application with a channel link, accepted by the admin. */
export async function acceptedApplication(stack: TestStack, admin: Session, user: Session): Promise<void> {
  const applied = await stack.call('POST', '/api/v1/tutor-request-ytlink', {
    as: user,
    body: { ytLink: `https://youtu.be/${user.username}` },
  });
  expect(applied.status, JSON.stringify(applied.body)).toBe(201);
  const accepted = await stack.call('PUT', '/api/v1/acceptTutorRequest', {
    as: admin,
    body: { option: 'accept', id: user._id } satisfies BodyOf<'/api/v1/acceptTutorRequest', 'put'>,
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
}

/** A linked video of a course, as the course form sends it; `extra` fields win. */
export const videoItem = (title: string, extra: Record<string, unknown> = {}) => ({
  sectionTitle: 'Lessons',
  videoTitle: title,
  videoDesc: `About ${title}`,
  videoLink: `https://videos.example.com/${encodeURIComponent(title)}.mp4`,
  ...extra,
});

/** An article of a course, its Markdown `body`; `extra` fields win. */
export const articleItem = (
  title: string,
  body = `# ${title}\n\nThe text of ${title}.`,
  extra: Record<string, unknown> = {},
) => ({ sectionTitle: 'Lessons', videoTitle: title, kind: 'article', body, ...extra });

/** A quiz item of a course, its questions written afterwards. */
export const quizItem = (title: string) => ({ sectionTitle: 'Checks', videoTitle: title, kind: 'quiz' });

/** An assignment item of a course, its brief written afterwards. */
export const assignmentItem = (title: string) => ({
  sectionTitle: 'Checks',
  videoTitle: title,
  kind: 'assignment',
});

/** What a tutor fills in on the create-course form (two sections, three videos); `overrides` win. */
export function courseData(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Intro to Testing',
    desc: 'How to test services that talk to real databases.',
    price: 499,
    category: 'Web Development',
    difficulity: 'beginner',
    benefits: 'Confidence in your changes',
    prerequistes: 'Some JavaScript',
    courseContent: [
      [
        {
          sectionTitle: 'Basics',
          videoTitle: 'Why test',
          videoDesc: 'The case for tests',
          videoLink: 'https://videos.example.com/why.mp4',
        },
        {
          sectionTitle: 'Basics',
          videoTitle: 'First test',
          videoDesc: 'Writing one',
          videoLink: 'http://videos.example.com/first.mp4',
        },
      ],
      [
        {
          sectionTitle: 'Going further',
          videoTitle: 'Real servers',
          videoDesc: 'No mocks',
          videoLink: 'https://videos.example.com/real.mp4',
        },
      ],
    ],
    ...overrides,
  };
}

/** The multipart form create-course and update-course take: the cover image and `Data` as JSON. */
export function courseForm(
  data: unknown,
  image: Buffer | null = PNG,
  filename = 'cover.png',
  type = 'image/png',
): FormData {
  const form = new FormData();
  if (image) form.append('image', new Blob([new Uint8Array(image)], { type }), filename);
  form.append('Data', typeof data === 'string' ? data : JSON.stringify(data));
  return form;
}

/** Publishes a course as `tutor`; answers its id. */
export async function createCourse(
  stack: TestStack,
  tutor: Session,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const created = await stack.call<ResponseOf<'/api/v1/create-course', 'post'>>(
    'POST',
    '/api/v1/create-course',
    { as: tutor, raw: courseForm(courseData(overrides)) },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body._id;
}

/** A course's page, as `as` (or a visitor) sees it. */
export function courseDetails(stack: TestStack, id: string, as?: Session): Promise<CourseDetails> {
  return readOk<CourseDetails>(stack, `/api/v1/get-course-details/${id}`, as);
}

/** A course as its tutor's update form reads it: every field, and each item with its id. */
export function courseForUpdate(stack: TestStack, id: string, tutor: Session): Promise<CourseForUpdate> {
  return readOk<CourseForUpdate>(stack, `/api/v1/get-course-details-to-updateByTutor/${id}`, tutor);
}

/** How often the course's page lists the student (the catalog lists only the caller). */
export async function enrolledTimes(stack: TestStack, courseId: string, student: Session): Promise<number> {
  const course = await courseDetails(stack, courseId, student);
  return course.studentsEnrolled.filter((id) => id === student._id).length;
}

/** The part of a course page a purchase needs. */
export type Purchasable = Pick<CourseDetails, '_id' | 'price' | 'courseCreatedBy'>;

/** Starts a purchase as the front end does; the status is the caller's to check. */
export function checkout(stack: TestStack, student: Session, course: Purchasable, amount = course.price) {
  return stack.call<Checkout>('POST', '/api/v1/checkout', {
    as: student,
    body: {
      amount,
      paymentTo: course.courseCreatedBy._id,
      course: course._id,
      paymentBy: student._id,
    } satisfies BodyOf<'/api/v1/checkout', 'post'>,
  });
}

/** The address the front end gives checkout.js as `callback_url`. */
export function callbackUrl(
  stack: TestStack,
  p: { orderId: string; courseId: string; userId: string; teacherId: string; amount: number | string },
): string {
  const parts = [p.orderId, p.courseId, p.userId, p.teacherId, String(p.amount)].map(encodeURIComponent);
  return `${stack.url}/api/v1/paymentVerification/${parts.join('/')}`;
}

/** The callback address of `student`'s order for `course`. */
export function callbackFor(
  stack: TestStack,
  orderId: string,
  course: Purchasable,
  student: Session,
): string {
  return callbackUrl(stack, {
    orderId,
    courseId: course._id,
    userId: student._id,
    teacherId: course.courseCreatedBy._id,
    amount: course.price,
  });
}

export function sandboxOf(stack: TestStack): StackRazorpay {
  if (!stack.razorpay) throw new Error('the stack was started without razorpay: true');
  return stack.razorpay;
}

/** Pays an order on the sandbox's hosted page over HTTP, as a browser does. */
export function payOnSandbox(
  stack: TestStack,
  orderId: string,
  url: string,
  opts: { card?: string; followCallback?: boolean; email?: string } = {},
) {
  const sandbox = sandboxOf(stack);
  return payOrderOverHttp({
    sandboxUrl: sandbox.url,
    keyId: sandbox.keyId,
    orderId,
    callbackUrl: url,
    prefill: { email: opts.email ?? 'student@example.com' },
    card: opts.card ?? TEST_CARDS.success,
    followCallback: opts.followCallback ?? true,
  });
}

/** Pays with the success card and checks that the callback sent the browser to the success page. */
export async function payAndReturn(
  stack: TestStack,
  student: Session,
  orderId: string,
  course: Purchasable,
): Promise<void> {
  const paid = await payOnSandbox(stack, orderId, callbackFor(stack, orderId, course, student), {
    email: student.email,
  });
  if (paid.outcome !== 'success') throw new Error(`the payment was declined: ${paid.message}`);
  expect(paid.callbackResponse?.status).toBe(303);
  expect(paid.callbackResponse?.location).toBe(
    `${stack.url}/paymentsuccess?reference=${paid.fields.razorpay_payment_id}`,
  );
}

/** The student's order-history rows of one order: what the payments service recorded of it. */
export async function orderRows(stack: TestStack, student: Session, orderId: string) {
  const history = await readOk<ResponseOf<'/api/v1/order-history', 'get'>>(
    stack,
    '/api/v1/order-history',
    student,
  );
  return history.data.filter((row) => row.razorpay_order_id === orderId);
}

/** POSTs fields to a callback address as Razorpay's checkout form does; answers status and Location. */
export async function postCallback(url: string, fields: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location') };
}

/** Razorpay's own view of an order or a payment (`orders/<id>`), read with the stack's key pair. */
export async function razorpayEntity(stack: TestStack, path: string): Promise<Record<string, unknown>> {
  const sandbox = sandboxOf(stack);
  const response = await fetch(`${sandbox.apiUrl}/v1/${path}`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${sandbox.keyId}:${sandbox.keySecret}`).toString('base64')}`,
    },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** Delivers a webhook to the gateway signed with the stack's webhook secret, as Razorpay (re)delivers one. */
export async function deliverWebhook(
  stack: TestStack,
  body: unknown,
  eventId: string,
  secret = sandboxOf(stack).webhookSecret,
) {
  const raw = JSON.stringify(body);
  const response = await fetch(`${stack.url}/api/v1/razorpay-webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', secret).update(raw).digest('hex'),
      'x-razorpay-event-id': eventId,
    },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A webhook event as Razorpay sends it: `payload` holds each entity it contains under its kind. */
export function razorpayEvent(event: string, payload: Record<string, Record<string, unknown>>) {
  return {
    entity: 'event',
    account_id: 'acc_liveedu_test',
    event,
    contains: Object.keys(payload),
    payload: Object.fromEntries(Object.entries(payload).map(([kind, entity]) => [kind, { entity }])),
    created_at: Math.floor(Date.now() / 1000),
  };
}

/** The `order.paid` event Razorpay sends for a paid order, with its real order and payment. */
export async function orderPaidEvent(stack: TestStack, orderId: string, paymentId: string) {
  return razorpayEvent('order.paid', {
    payment: await razorpayEntity(stack, `payments/${paymentId}`),
    order: await razorpayEntity(stack, `orders/${orderId}`),
  });
}

let published = 0;
/**
 * Publishes what the payments service publishes once a payment is verified, for stacks that run
 * the services reacting to it without payments itself; `data` replaces the invented fields.
 */
export async function publishPaymentSucceeded(
  service: Service | undefined,
  data: Partial<PaymentsPaymentSucceededData> & Pick<PaymentsPaymentSucceededData, 'tutorId' | 'amountPaise'>,
  opts: { id?: string } = {},
) {
  if (!service?.bus) throw new Error('the service has no event bus');
  published += 1;
  const unique = `${published}${Date.now()}`;
  const event = newEvent(
    PAYMENTS_PAYMENT_SUCCEEDED,
    {
      orderId: `order_${unique}`,
      paymentId: `pay_${unique}`,
      courseId: new ObjectId().toHexString(),
      courseTitle: 'Spoken Sanskrit',
      studentId: new ObjectId().toHexString(),
      paidAt: new Date().toISOString(),
      ...data,
    },
    opts.id ? { id: opts.id } : {},
  );
  await service.bus.publish(event);
  return event;
}

/** Days past earnings' payout hold (30 days, as shipped and as the test stacks run it). */
export const PAST_THE_HOLD_DAYS = 31;

/** An ISO instant `days` ago: a `paidAt` old enough (`PAST_THE_HOLD_DAYS`) to be withdrawn. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();

/**
 * Dates every sale of the tutor's in the earnings ledger `days` back (its India day and month
 * too), as if paid then: for tests that withdraw right after a real purchase, past the payout hold.
 */
export async function ageCredits(
  stack: TestStack,
  tutorId: string,
  days = PAST_THE_HOLD_DAYS,
): Promise<void> {
  const ledger = stack.services.earnings?.app.db.collection('ledger');
  if (!ledger) throw new Error('earnings is not running');
  const paidAt = new Date(daysAgo(days));
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(paidAt);
  const aged = await ledger.updateMany(
    { tutorId, refundKey: { $exists: false } },
    { $set: { paidAt, day, month: day.slice(0, 7) } },
  );
  expect(aged.matchedCount, 'the tutor has sales in the ledger').toBeGreaterThan(0);
}

/**
 * Publishes what the payments service publishes once Razorpay has refunded one course of an
 * order (`refund-processed:<orderId>:<courseId>`), for the `sale` as it was published.
 */
export async function publishRefundProcessed(
  service: Service | undefined,
  sale: Pick<
    PaymentsPaymentSucceededData,
    'orderId' | 'paymentId' | 'courseId' | 'courseTitle' | 'studentId' | 'tutorId' | 'amountPaise'
  >,
  data: Partial<PaymentsRefundProcessedData> = {},
  opts: { id?: string } = {},
) {
  if (!service?.bus) throw new Error('the service has no event bus');
  const event = newEvent(
    PAYMENTS_REFUND_PROCESSED,
    {
      requestId: new ObjectId().toHexString(),
      refundId: `rfnd_${new ObjectId().toHexString()}`,
      orderId: sale.orderId,
      paymentId: sale.paymentId,
      courseId: sale.courseId,
      courseTitle: sale.courseTitle,
      studentId: sale.studentId,
      tutorId: sale.tutorId,
      amountPaise: sale.amountPaise,
      refundedAt: new Date().toISOString(),
      ...data,
    },
    { id: opts.id ?? `refund-processed:${sale.orderId}:${sale.courseId}` },
  );
  await service.bus.publish(event);
  return event;
}

/**
 * Publishes what the payments service publishes when a payment is disputed (`created`) or the
 * dispute ends (`closed`); `data` replaces the invented fields.
 */
export async function publishDispute(
  service: Service | undefined,
  change: 'created' | 'closed',
  data: Pick<PaymentsDisputeData, 'disputeId' | 'paymentId'> & Partial<PaymentsDisputeData>,
) {
  if (!service?.bus) throw new Error('the service has no event bus');
  const type = change === 'created' ? PAYMENTS_DISPUTE_CREATED : PAYMENTS_DISPUTE_CLOSED;
  const event = newEvent(
    type,
    {
      orderId: `order_${data.paymentId}`,
      lines: [],
      status: change === 'created' ? 'open' : 'won',
      at: new Date().toISOString(),
      ...data,
    },
    { id: `dispute-${change}:${data.disputeId}` },
  );
  await service.bus.publish(event);
  return event;
}

/**
 * Delivers an event already published `times` more, with the same id, as JetStream redelivers
 * one (the stream's de-duplication, keyed on the id, is stepped around on purpose).
 */
export async function redeliver(
  service: Service | undefined,
  event: { id: string; type: string },
  times: number,
): Promise<void> {
  const bus = service?.bus;
  if (!bus) throw new Error('the service has no event bus');
  await Promise.all(
    Array.from({ length: times }, (_, n) =>
      bus.js.publish(bus.names.subject(event.type), JSON.stringify(event), { msgID: `${event.id}#${n + 1}` }),
    ),
  );
}

/**
 * Publishes what the learning service publishes when a student first passes an item's quiz or
 * assignment, for stacks that run the catalog without learning; `data` replaces the invented fields.
 */
export async function publishItemPassed(
  service: Service | undefined,
  data: Pick<LearningItemPassedData, 'studentId' | 'courseId' | 'itemId'> & Partial<LearningItemPassedData>,
  opts: { id?: string } = {},
) {
  if (!service?.bus) throw new Error('the service has no event bus');
  const event = newEvent(
    LEARNING_ITEM_PASSED,
    { by: 'quiz', passedAt: new Date().toISOString(), ...data },
    opts.id ? { id: opts.id } : {},
  );
  await service.bus.publish(event);
  return event;
}

/**
 * Publishes what the learning service publishes when a tutor saves an item's quiz or assignment:
 * whether a certificate needs it passed, with the save's version.
 */
export async function publishRequirementChanged(
  service: Service | undefined,
  data: LearningRequirementChangedData,
) {
  if (!service?.bus) throw new Error('the service has no event bus');
  const event = newEvent(LEARNING_REQUIREMENT_CHANGED, data);
  await service.bus.publish(event);
  return event;
}

/**
 * Enrolls `student` in `tutor`'s course as a verified payment does (for stacks without payments),
 * once the catalog answers the student's progress in it.
 */
export async function enrollByPayment(stack: TestStack, tutor: Session, courseId: string, student: Session) {
  await publishPaymentSucceeded(stack.services.catalog, {
    courseId,
    courseTitle: 'a course',
    studentId: student._id,
    tutorId: tutor._id,
    amountPaise: 29_900,
  });
  await eventually(async () => {
    const progress = await stack.call('GET', `/api/v1/progress/${courseId}`, { as: student });
    return progress.status === 200 ? true : undefined;
  });
}

/** A new student enrolled in `tutor`'s course. */
export async function enrolledStudent(
  stack: TestStack,
  tutor: Session,
  courseId: string,
  prefix = 'learner',
): Promise<Session> {
  const student = await stack.newUser(prefix);
  await enrollByPayment(stack, tutor, courseId, student);
  return student;
}

/** A new student enrolled in a free course as the course page does it, with `enroll-free`. */
export async function enrolledFree(stack: TestStack, courseId: string, prefix = 'learner'): Promise<Session> {
  const student = await stack.newUser(prefix);
  const enrolled = await stack.call('POST', `/api/v1/enroll-free/${courseId}`, { as: student });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
  return student;
}

/** A course of `tutor`'s with these items in one section (`extra` fields beside), and their ids in order. */
export async function courseWithItems(
  stack: TestStack,
  tutor: Session,
  items: unknown[],
  extra: Record<string, unknown> = {},
): Promise<{ courseId: string; itemIds: string[] }> {
  const courseId = await createCourse(stack, tutor, { courseContent: [items], ...extra });
  const edit = await courseForUpdate(stack, courseId, tutor);
  return { courseId, itemIds: edit.courseContent.flat().map((item) => item._id) };
}

/**
 * Publishes what the media service publishes once a video is transcoded, for stacks that run the
 * catalog without media: the catalog then knows the video's probed length.
 */
export async function publishVideoReady(
  service: Service | undefined,
  data: { videoId: string; durationSec: number; tutorId?: string },
) {
  if (!service?.bus) throw new Error('the service has no event bus');
  const event = newEvent(MEDIA_VIDEO_READY, {
    tutorId: new ObjectId().toHexString(),
    renditions: ['360p'],
    ...data,
  });
  await service.bus.publish(event);
  return event;
}

/** An income or revenue figure (`{earning}` for a tutor's, `{money}` for the admin's), read through the gateway. */
export async function moneyFigure(stack: TestStack, who: Session, path: string): Promise<number> {
  const body = await readOk<
    Partial<ResponseOf<'/api/v1/total-income-tutor', 'get'> & ResponseOf<'/api/v1/getTotalRevnue', 'get'>>
  >(stack, path, who);
  const value = body.earning ?? body.money;
  if (typeof value !== 'number') throw new Error(`${path} answered ${JSON.stringify(body)}`);
  return value;
}

/** How many `payments.payment.succeeded` messages the stream holds for an order. */
export const publishedPayments = (stack: TestStack, orderId: string): Promise<number> =>
  countPublished(stack.services.payments, 'payments', PAYMENTS_PAYMENT_SUCCEEDED, { orderId });
