import { PAYMENTS_PAYMENT_SUCCEEDED } from '@liveedu/contracts';
import {
  buildKeyedLists,
  type KeyedList,
  keyedList,
  newEvent,
  type Outbox,
  paging,
  storedCollection,
} from '@liveedu/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, ObjectId, type WithId } from 'mongodb';
import { type PaymentFields, paymentSucceededData, paymentSucceededEventId, purchaseKey } from './domain.ts';

export type PaymentDoc = PaymentFields & { _id: ObjectId };

export const PAYMENTS = storedCollection<PaymentDoc>('payments', [
  // One row per order and course (a cart's order holds several): each row's success
  // transition is keyed on it.
  { key: { razorpay_order_id: 1, courseId: 1 }, name: 'order_course_unique', unique: true },
  { key: { studentId: 1, createdAt: -1 }, name: 'by_student' },
  { key: { studentId: 1, day: 1 }, name: 'by_student_day' },
  { key: { studentId: 1, courseId: 1, success: 1 }, name: 'bought' },
  { key: { tutorId: 1, success: 1, createdAt: -1 }, name: 'by_tutor' },
  { key: { createdAt: -1 }, name: 'newest' },
]);

/**
 * A student's orders and a tutor's paid sales, newest first, read a page at a time by key (the
 * embedded database would scan `payments` to filter and sort them).
 */
export const paymentLists = (db: Db) => ({
  studentOrders: keyedList(db, 'student_orders'),
  tutorSales: keyedList(db, 'tutor_sales'),
  /**
   * Each order's rows, keyed by its Razorpay order id: a callback or webhook names only the
   * order, a prefix of `order_course_unique` the embedded database cannot look up by.
   */
  orderRows: keyedList(db, 'order_rows'),
});

/** The most rows one order holds (a full cart); an order's list is read whole. */
const ROWS_PER_ORDER_READ = 100;

/** Builds the lists from the payment rows once, for rows written before the lists existed. */
export function ensurePaymentLists(db: Db, log: FastifyBaseLogger): Promise<void> {
  return buildKeyedLists(
    db,
    'keyed-lists-1',
    [
      { rows: PAYMENTS.collection, list: 'student_orders', owner: 'studentId', item: '_id', at: 'createdAt' },
      {
        rows: PAYMENTS.collection,
        filter: { success: true },
        list: 'tutor_sales',
        owner: 'tutorId',
        item: '_id',
        at: 'createdAt',
      },
    ],
    log,
  );
}

/** Builds each order's list of rows once, for rows written before the lists existed. */
export function ensureOrderRows(db: Db, log: FastifyBaseLogger): Promise<void> {
  return buildKeyedLists(
    db,
    'order-rows-1',
    [
      {
        rows: PAYMENTS.collection,
        list: 'order_rows',
        owner: 'razorpay_order_id',
        item: '_id',
        at: 'createdAt',
      },
    ],
    log,
  );
}

/** A checkout's row: first its entries in the student's and the order's lists, then the row itself. */
export async function recordOrder(db: Db, row: PaymentDoc): Promise<void> {
  const lists = paymentLists(db);
  const id = row._id.toHexString();
  await lists.studentOrders.add(row.studentId, id);
  await lists.orderRows.add(row.razorpay_order_id, id);
  await PAYMENTS.in(db).insertOne(row);
}

/** The rows of a page of a keyed list, in the list's order; ids whose row is missing are left out. */
export async function paymentsByIds(db: Db, ids: string[]): Promise<WithId<PaymentDoc>[]> {
  if (ids.length === 0) return [];
  const found = await PAYMENTS.in(db)
    .find({ _id: { $in: ids.map((id) => new ObjectId(id)) } })
    .toArray();
  const byId = new Map(found.map((row) => [row._id.toHexString(), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One page of an owner's keyed list (a student's orders, a tutor's sales), as `?page=&limit=` ask. */
export async function listPage(
  db: Db,
  list: KeyedList,
  owner: string,
  query: { page?: string; limit?: string },
) {
  const found = await paging.keyed(list, owner, query);
  return { rows: await paymentsByIds(db, found.ids), pageInfo: found.fields };
}

/**
 * Drops the index that allowed one row per order, from before a cart's order held one row per
 * course (`order_course_unique` replaces it).
 */
export async function dropOrderUnique(db: Db, log: FastifyBaseLogger): Promise<void> {
  const indexes = await PAYMENTS.in(db)
    .indexes()
    .catch(() => []);
  if (!indexes.some((index) => index.name === 'order_unique')) return;
  await PAYMENTS.in(db).dropIndex('order_unique');
  log.info('dropped the one-row-per-order index; rows are unique per order and course');
}

/** Every row of an order: one for a one-course checkout, one per course for a cart. */
export async function rowsOfOrder(db: Db, orderId: string): Promise<WithId<PaymentDoc>[]> {
  const { ids } = await paymentLists(db).orderRows.page(orderId, 0, ROWS_PER_ORDER_READ);
  // The list is newest first; the rows come in the order they were written. A listed id whose
  // row was never written (a checkout that stopped between the two) is left out.
  return paymentsByIds(db, ids.reverse());
}

export interface PurchaseDoc {
  /** `studentId:courseId` (see `purchaseKey`). */
  _id: string;
  at: Date;
}

/**
 * One row per course a student paid for here, keyed `studentId:courseId`: what checkout asks
 * ("bought already?") by key instead of filtering `payments`.
 */
export const PURCHASES = storedCollection<PurchaseDoc>('purchases');

export async function boughtHere(db: Db, studentId: string, courseId: string): Promise<boolean> {
  return (await PURCHASES.in(db).findOne({ _id: purchaseKey(studentId, courseId) })) !== null;
}

async function recordPurchase(db: Db, row: PaymentDoc, at: Date): Promise<void> {
  await PURCHASES.in(db).updateOne(
    { _id: purchaseKey(row.studentId, row.courseId) },
    { $setOnInsert: { at } },
    { upsert: true },
  );
}

/** Records the purchases of rows paid before `purchases` existed, once (a marker says so). */
export async function ensurePurchases(db: Db, log: FastifyBaseLogger): Promise<void> {
  const migrations = db.collection<{ _id: string; at: Date }>('migrations');
  if (await migrations.findOne({ _id: 'purchases-1' })) return;
  let count = 0;
  for await (const row of PAYMENTS.in(db).find({ success: true })) {
    await recordPurchase(db, row, row.paidAt ?? row.createdAt);
    count += 1;
  }
  if (count > 0) log.info({ purchases: count }, 'recorded the purchases of earlier payments');
  await migrations.updateOne({ _id: 'purchases-1' }, { $set: { at: new Date() } }, { upsert: true });
}

/**
 * Marks an order paid and queues `payments.payment.succeeded` in the same single-document write.
 * Only a row still unpaid matches, so callbacks, webhooks and replays race to one transition;
 * the losers get `null` back and change nothing.
 */
export async function markPaid(
  outbox: Outbox,
  db: Db,
  row: WithId<PaymentDoc>,
  paymentId: string,
  by: NonNullable<PaymentDoc['verifiedBy']>,
  requestId?: string,
): Promise<PaymentDoc | null> {
  const paidAt = new Date();
  const data = paymentSucceededData(row, paymentId, paidAt);
  const event = newEvent(PAYMENTS_PAYMENT_SUCCEEDED, data, {
    id: paymentSucceededEventId(row.razorpay_order_id, row.cart ? row.courseId : undefined),
    occurredAt: paidAt,
    ...(requestId ? { requestId } : {}),
  });
  // Recorded first: this is only called once Razorpay's signature proves the payment, and a crash
  // before the transition leaves an entry the history skips (its row is not paid yet) rather than
  // a paid sale missing from the tutor's list or a second checkout of the same course.
  await paymentLists(db).tutorSales.add(row.tutorId, row._id.toHexString());
  await recordPurchase(db, row, paidAt);
  return outbox.findOneAndUpdate<PaymentDoc>(
    PAYMENTS.collection,
    { _id: row._id, razorpay_order_id: row.razorpay_order_id, success: false },
    { $set: { success: true, razorpay_payment_id: paymentId, paidAt, verifiedBy: by } },
    [event],
    { returnDocument: 'after' },
  );
}
