import type { CourseDetails } from '@liveedu/api-client';
import { PAYMENTS_PAYMENT_SUCCEEDED } from '@liveedu/contracts';
import { OUTBOX_COLLECTION, OUTBOX_FIELD, OUTBOX_PENDING } from '@liveedu/service-kit';
import { type Db, MongoClient, ObjectId } from 'mongodb';
import { describe, expect, it, onTestFinished } from 'vitest';
import * as flows from '../support/flows.ts';
import { PURCHASE_SERVICES } from '../support/platform.ts';
import { eventually, type Session, startStackForTest, type TestStack } from '../support/stack.ts';

/**
 * Services killed with SIGKILL (no graceful close: whatever they were doing is cut off) at the
 * seams of a purchase, then started again: nothing is lost and nothing counted twice.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Rounds to paise, so float sums of rupees compare exactly. */
const rupees = (value: number) => Math.round(value * 100) / 100;

/** A service's own database, read straight from the server (the service may be dead). */
async function databaseOf(stack: TestStack, service: string): Promise<{ db: Db; close(): Promise<void> }> {
  const client = new MongoClient(stack.servers.mongoUrl);
  await client.connect();
  return { db: client.db(stack.iso.dbName(service)), close: () => client.close() };
}

/** How many times a service consumed `payments.payment.succeeded` facts (its dedupe records). */
const consumedPayments = (db: Db) =>
  db.collection('processed_events').countDocuments({ _id: { $regex: ':payment-succeeded:' } as never });

const income = (stack: TestStack, tutor: Session) =>
  flows.moneyFigure(stack, tutor, '/api/v1/total-income-tutor');

async function allEnrolledOnce(stack: TestStack, course: CourseDetails, students: Session[]) {
  for (const student of students) {
    if ((await flows.enrolledTimes(stack, course._id, student)) !== 1) return undefined;
  }
  return true;
}

/**
 * A purchase stack with `name` running as its own process, for the test to kill, and that
 * service's own database read straight from the server; all closed when the test ends.
 */
async function stackWithProcess(name: 'catalog' | 'payments') {
  const { [name]: _inProcess, ...others } = PURCHASE_SERVICES;
  const stack = await startStackForTest({ services: others, processes: [name], razorpay: true });
  const child = stack.processes[name];
  if (!child) throw new Error(`the ${name} process is missing`);
  const stored = await databaseOf(stack, name);
  onTestFinished(() => stored.close());
  return { stack, child, db: stored.db };
}

/** A new tutor's course at `price`, as its page shows it. */
async function tutorsCourse(stack: TestStack, prefix: string, title: string, price: number) {
  const tutor = await flows.newTutor(stack, prefix);
  const courseId = await flows.createCourse(stack, tutor, { title, price });
  return { tutor, courseId, course: await flows.courseDetails(stack, courseId, tutor) };
}

describe('the catalog killed between "payment marked paid" and "enrollment"', () => {
  it('enrolls every buyer once after its restart, whether it died before the fact arrived or while handling it', async () => {
    const { stack, child: catalog, db } = await stackWithProcess('catalog');
    const price = 999;
    const { tutor, courseId, course } = await tutorsCourse(stack, 'killtutor', 'Crash Recovery', price);
    const students = await Promise.all(Array.from({ length: 6 }, () => stack.newUser('killbuyer')));
    // Checkout asks the catalog for the price, so the orders are made while it runs.
    const orders = new Map<Session, string>();
    for (const student of students) {
      const order = await flows.checkout(stack, student, course);
      expect(order.status).toBe(200);
      orders.set(student, order.body.orderId);
    }
    const pay = (student: Session) =>
      flows.payAndReturn(stack, student, orders.get(student) as string, course);
    const enrollments = db.collection('enrollments');

    // Dead before the fact arrives: paid and credited, not enrolled.
    const early = students.slice(0, 3);
    await catalog.kill('SIGKILL');
    for (const student of early) await pay(student);
    for (const student of early) {
      expect(await flows.orderRows(stack, student, orders.get(student) as string)).toEqual([
        expect.objectContaining({ success: true }),
      ]);
    }
    await eventually(
      async () => ((await income(stack, tutor)) === rupees(3 * price * 0.8) ? true : undefined),
      20_000,
      'the credits of the early buyers',
    );
    expect((await stack.call('GET', `/api/v1/get-course-details/${courseId}`)).status).toBe(503);
    expect(await enrollments.countDocuments({ courseId })).toBe(0);

    await catalog.start();
    await eventually(() => allEnrolledOnce(stack, course, early), 30_000, 'the early enrollments');

    // Dead while handling: the first answer of three purchases at once is the signal.
    const late = students.slice(3);
    const paying = late.map((student) => pay(student));
    await Promise.race(paying);
    await catalog.kill('SIGKILL');
    await Promise.all(paying);
    await catalog.start();
    await eventually(() => allEnrolledOnce(stack, course, students), 30_000, 'every enrollment');

    await sleep(2_000); // a redelivered or repeated fact would have arrived by now
    expect(await allEnrolledOnce(stack, course, students)).toBe(true);
    expect(await enrollments.countDocuments({ courseId })).toBe(students.length);
    // The stored count reaches every buyer, never more: a kill between listing the enrollment and
    // counting it leaves the fact unacknowledged, so it comes again when its acknowledgement
    // time (30 s) runs out and the count is made then. The page shows it once the catalog's own
    // event has reached its read model.
    const storedCount = async () =>
      (await db.collection('courses').findOne({ _id: new ObjectId(courseId) }))?.enrolledCount;
    await eventually(
      async () => ((await storedCount()) === students.length ? true : undefined),
      45_000,
      'the stored count of every buyer',
    );
    await sleep(1_000);
    expect(await storedCount()).toBe(students.length);
    const page = await eventually(
      async () => {
        const shown = await flows.courseDetails(stack, courseId, tutor);
        return shown.enrolledCount === students.length ? shown : undefined;
      },
      15_000,
      'the course page to show every enrollment',
    );
    expect(page.enrolledCount).toBe(students.length);
    // A kill after the count but before the fact was marked handled leaves it unacknowledged as
    // well: it comes again when its acknowledgement time runs out, changes nothing, and is marked.
    await eventually(
      async () => ((await consumedPayments(db)) === students.length ? true : undefined),
      45_000,
      'every payment marked handled once',
    );
    await sleep(1_000);
    expect(await consumedPayments(db)).toBe(students.length);
    expect(await income(stack, tutor)).toBe(rupees(students.length * price * 0.8));
    for (const student of students) {
      expect(await flows.orderRows(stack, student, orders.get(student) as string)).toHaveLength(1);
    }
  }, 240_000);
});

describe('the payments service killed while its outbox relay publishes', () => {
  it('loses no event after its restart, and a fact published again is absorbed by the consumers', async () => {
    const { stack, child: payments, db: paymentsDb } = await stackWithProcess('payments');
    const sandbox = flows.sandboxOf(stack);
    const price = 1199;
    const { tutor, courseId, course } = await tutorsCourse(stack, 'relaytutor', 'Relays and Restarts', price);
    const students = await Promise.all(Array.from({ length: 12 }, () => stack.newUser('relaybuyer')));

    // Cards paid, but nothing verified yet: the browsers' returns are sent all at once below.
    sandbox.setWebhookUrl(undefined);
    onTestFinished(() => sandbox.setWebhookUrl(sandbox.webhookUrl));
    const returns = new Map<Session, { url: string; fields: Record<string, string>; orderId: string }>();
    for (const student of students) {
      const order = await flows.checkout(stack, student, course);
      expect(order.status).toBe(200);
      const url = flows.callbackFor(stack, order.body.orderId, course, student);
      const paid = await flows.payOnSandbox(stack, order.body.orderId, url, {
        followCallback: false,
        email: student.email,
      });
      if (paid.outcome !== 'success') throw new Error(`declined: ${paid.message}`);
      returns.set(student, { url, fields: paid.fields, orderId: order.body.orderId });
    }

    // Every payment verified at once; the process dies as the first answers come back, while
    // its relay is publishing what the others wrote.
    const answers = students.map((student) => {
      const back = returns.get(student);
      if (!back) throw new Error('no return');
      return flows.postCallback(back.url, back.fields);
    });
    await Promise.race(answers);
    await payments.kill('SIGKILL');
    const first = await Promise.all(answers);
    await payments.start();
    // Browsers whose return was cut off come back (a reload); a paid order answers success again.
    for (const [i, student] of students.entries()) {
      const back = returns.get(student);
      if (!back || first[i]?.status === 303) continue;
      const again = await flows.postCallback(back.url, back.fields);
      expect(again.status).toBe(303);
    }

    const credit = rupees(students.length * price * 0.8);
    await eventually(
      async () => ((await income(stack, tutor)) === credit ? true : undefined),
      30_000,
      'every credit',
    );
    await eventually(() => allEnrolledOnce(stack, course, students), 30_000, 'every enrollment');
    // Published and taken off the documents: nothing waits in the outbox any more. A kill between
    // taking an event off its document and deleting its marker leaves the marker of an event
    // already published, which the sweep drops once it is a minute old; no event waits behind it.
    await eventually(
      async () => ((await unpublishedEvents(paymentsDb)) === 0 ? true : undefined),
      30_000,
      'an empty outbox',
    );

    // The relay publishing again what it published before the crash, after JetStream's
    // duplicate window (no message id): the consumers' own records absorb it.
    const paidRow = await paymentsDb
      .collection('payments')
      .findOne({ razorpay_order_id: returns.get(students[0] as Session)?.orderId });
    if (!paidRow) throw new Error('no payment row');
    expect(paidRow.success).toBe(true);
    const paidAt = (paidRow.paidAt as Date).toISOString();
    const republished = {
      id: `payment-succeeded:${paidRow.razorpay_order_id}`,
      type: PAYMENTS_PAYMENT_SUCCEEDED,
      version: 1,
      occurredAt: paidAt,
      data: {
        orderId: paidRow.razorpay_order_id,
        paymentId: paidRow.razorpay_payment_id,
        courseId,
        courseTitle: course.title,
        studentId: students[0]?._id,
        tutorId: tutor._id,
        amountPaise: paidRow.amountPaise,
        paidAt,
      },
    };
    const bus = stack.services.catalog?.bus;
    if (!bus) throw new Error('the catalog has no event bus');
    await bus.js.publish(bus.names.subject(PAYMENTS_PAYMENT_SUCCEEDED), JSON.stringify(republished));
    await sleep(3_000);

    expect(await allEnrolledOnce(stack, course, students)).toBe(true);
    expect(await income(stack, tutor)).toBe(credit);
    const catalogDb = stack.services.catalog?.app.db as Db;
    const earningsDb = stack.services.earnings?.app.db as Db;
    expect(await consumedPayments(catalogDb)).toBe(students.length);
    expect(await consumedPayments(earningsDb)).toBe(students.length);
    expect(await catalogDb.collection('enrollments').countDocuments({ courseId })).toBe(students.length);
    for (const student of students) {
      const back = returns.get(student);
      expect(await flows.orderRows(stack, student, back?.orderId as string)).toEqual([
        expect.objectContaining({ success: true }),
      ]);
    }
  }, 180_000);
});

/** Events in the outbox still to publish: markers whose document still holds their event, and recorded facts. */
async function unpublishedEvents(db: Db): Promise<number> {
  let waiting = await db.collection(OUTBOX_COLLECTION).countDocuments();
  for (const marker of await OUTBOX_PENDING.in(db).find().toArray()) {
    const doc = await db.collection(marker.collection).findOne({ _id: marker.doc as never });
    const events = ((doc?.[OUTBOX_FIELD] ?? []) as { id: string }[]).map((e) => e.id);
    if (events.includes(marker._id)) waiting += 1;
  }
  return waiting;
}
