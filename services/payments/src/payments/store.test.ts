import { fileTestDatabase } from '@liveedu/test-kit';
import type { FastifyBaseLogger } from 'fastify';
import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import {
  ensureOrderRows,
  PAYMENTS,
  type PaymentDoc,
  paymentLists,
  recordOrder,
  rowsOfOrder,
} from './store.ts';

const db = fileTestDatabase('payments', 'order-rows', [PAYMENTS]);

const quiet = { info() {}, warn() {} } as unknown as FastifyBaseLogger;
let made = 0;

function row(orderId: string, courseId: string): PaymentDoc {
  made += 1;
  const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, made));
  return {
    _id: new ObjectId(),
    razorpay_order_id: orderId,
    courseId,
    courseTitle: `Course ${courseId}`,
    studentId: 'student',
    studentUsername: 'student',
    tutorId: 'tutor',
    amountPaise: 10_000,
    currency: 'INR',
    success: false,
    createdAt,
    day: '2026-01-01',
    month: '2026-01',
  };
}

describe("an order's rows", () => {
  it("are a cart's rows in the order they were written, and nothing of another order", async () => {
    const cart = [row('order_cart', 'c1'), row('order_cart', 'c2'), row('order_cart', 'c3')];
    for (const line of cart) await recordOrder(db, line);
    await recordOrder(db, row('order_single', 'c1'));

    expect((await rowsOfOrder(db, 'order_cart')).map((r) => r.courseId)).toEqual(['c1', 'c2', 'c3']);
    expect((await rowsOfOrder(db, 'order_single')).map((r) => r.courseId)).toEqual(['c1']);
    expect(await rowsOfOrder(db, 'order_unknown')).toEqual([]);
  });

  it('leave out an id listed by a checkout that stopped before its row was written', async () => {
    const written = row('order_cut', 'c1');
    await recordOrder(db, written);
    await paymentLists(db).orderRows.add('order_cut', new ObjectId().toHexString());

    expect((await rowsOfOrder(db, 'order_cut')).map((r) => r._id)).toEqual([written._id]);
  });

  it('are found for rows written before orders listed their rows, once the lists are built', async () => {
    const earlier = [row('order_earlier', 'c1'), row('order_earlier', 'c2')];
    await PAYMENTS.in(db).insertMany(earlier);
    expect(await rowsOfOrder(db, 'order_earlier')).toEqual([]);

    await ensureOrderRows(db, quiet);

    expect((await rowsOfOrder(db, 'order_earlier')).map((r) => r.courseId)).toEqual(['c1', 'c2']);
    // The other orders' lists are rebuilt as they were.
    expect((await rowsOfOrder(db, 'order_cart')).map((r) => r.courseId)).toEqual(['c1', 'c2', 'c3']);
  });
});
