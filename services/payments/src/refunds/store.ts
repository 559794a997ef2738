import { PAYMENTS_REFUND_PROCESSED } from '@liveedu/contracts';
import {
  buildKeyedLists,
  isDuplicateKey,
  keyedList,
  newEvent,
  type Outbox,
  storedCollection,
} from '@liveedu/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, ObjectId, type WithId } from 'mongodb';
import { purchaseKey } from '../payments/domain.ts';
import { PAYMENTS, PURCHASES } from '../payments/store.ts';
import { type RefundLine, type RefundStatus, refundProcessedData, refundProcessedEventId } from './domain.ts';

export interface RefundRequestDoc extends RefundLine {
  _id: ObjectId;
  /** The payment row (one course of an order) the request is for. */
  rowId: ObjectId;
  studentUsername: string;
  /** When the course was paid for: where the rule's 30 days start. */
  paidAt: Date;
  reason: string;
  status: RefundStatus;
  /** What the catalog said the student had completed when they asked; absent if it could not. */
  completedPercent?: number;
  createdAt: Date;
  /** Approved at once by the rule, or decided by the admin. */
  decidedBy?: 'rule' | 'admin';
  decidedAt?: Date;
  adminId?: string;
  note?: string;
  /**
   * The row's id while the request holds the line (pending, approved, refunded): unique, so a
   * line has one such request however many are sent at once. Removed on rejection or failure.
   */
  activeRow?: string;
  /** Razorpay's refund, once asked for (`rfnd_…`), or `free_<id>` for a line paid nothing. */
  refundId?: string;
  sentAt?: Date;
  /** How often the refund was asked of Razorpay (a later try first looks for an earlier one). */
  sendAttempts?: number;
  /** Held by one sender until then, so no two ask Razorpay for the same refund at once. */
  sendingUntil?: Date;
  refundedAt?: Date;
  failedAt?: Date;
  failureReason?: string;
}

export const REFUND_REQUESTS = storedCollection<RefundRequestDoc>('refund_requests', [
  { key: { activeRow: 1 }, name: 'one_active_per_line', unique: true, sparse: true },
  { key: { studentId: 1, createdAt: -1 }, name: 'by_student' },
  { key: { status: 1, createdAt: -1 }, name: 'by_status' },
  { key: { createdAt: -1 }, name: 'newest' },
  { key: { rowId: 1, createdAt: -1 }, name: 'by_line' },
  { key: { refundId: 1 }, name: 'by_refund', sparse: true },
]);

export const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/**
 * Each line's requests, newest first (`line_refund_requests`, keyed by the row's id): the order
 * history reads its page's lines' latest requests by key, where a filter on `rowId` would read
 * every request. An id is listed before its request is written and taken out when the line turns
 * out held by another; one left by a crash in between is passed over.
 */
const lineRequests = (db: Db) => keyedList(db, 'line_refund_requests');
/** How many of a line's newest requests are read for its latest: a line has a few (one after each rejection or failure). */
const LINE_REQUESTS_READ = 50;

/** Lists every request of the lines once, for requests made before the lists existed. */
export function ensureLineRequests(db: Db, log: FastifyBaseLogger): Promise<void> {
  return buildKeyedLists(
    db,
    'line-refund-requests-1',
    [
      {
        rows: REFUND_REQUESTS.collection,
        list: 'line_refund_requests',
        owner: 'rowId',
        item: '_id',
        at: 'createdAt',
      },
    ],
    log,
  );
}

/** Stores a new request; null when another holds the line already (pending, approved or refunded). */
export async function insertRequest(db: Db, doc: RefundRequestDoc): Promise<RefundRequestDoc | null> {
  const [line, id] = [doc.rowId.toHexString(), doc._id.toHexString()];
  await lineRequests(db).add(line, id);
  try {
    await REFUND_REQUESTS.in(db).insertOne(doc);
    return doc;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    // Asked again while a request holds the line: not a request of the line, so not listed.
    await lineRequests(db).remove(line, id);
    return null;
  }
}

export function requestById(db: Db, id: string | ObjectId): Promise<WithId<RefundRequestDoc> | null> {
  if (typeof id === 'string' && !ObjectId.isValid(id)) return Promise.resolve(null);
  return REFUND_REQUESTS.in(db).findOne({ _id: new ObjectId(id) });
}

/** The admin's decision on a pending request; null when it is not pending (decided already). */
export function decide(
  db: Db,
  id: ObjectId,
  decision: {
    status: 'approved' | 'rejected';
    releasesLine: boolean;
    adminId: string;
    note?: string;
    at: Date;
  },
): Promise<WithId<RefundRequestDoc> | null> {
  const { status, releasesLine, adminId, note, at } = decision;
  return REFUND_REQUESTS.in(db).findOneAndUpdate(
    { _id: id, status: 'pending' },
    {
      $set: { status, decidedBy: 'admin', decidedAt: at, adminId, ...(note ? { note } : {}) },
      ...(releasesLine ? { $unset: { activeRow: '' } } : {}),
    },
    { returnDocument: 'after' },
  );
}

/**
 * Takes an approved request whose refund was not asked for yet, for one sender for `forMs`: null
 * when it is not approved, asked for already, or held by another sender.
 */
export function claimForSending(db: Db, id: ObjectId, now: Date, forMs: number) {
  return REFUND_REQUESTS.in(db).findOneAndUpdate(
    {
      _id: id,
      status: 'approved',
      refundId: { $exists: false },
      $or: [{ sendingUntil: { $exists: false } }, { sendingUntil: { $lte: now } }],
    },
    { $set: { sendingUntil: new Date(now.getTime() + forMs) }, $inc: { sendAttempts: 1 } },
    { returnDocument: 'after' },
  );
}

/** Lets another sender try again (Razorpay did not answer). */
export async function releaseClaim(db: Db, id: ObjectId): Promise<void> {
  await REFUND_REQUESTS.in(db).updateOne(
    { _id: id, refundId: { $exists: false } },
    { $unset: { sendingUntil: '' } },
  );
}

/** Razorpay took the refund: its id, unless the refund is known already. */
export async function recordSent(db: Db, id: ObjectId, refundId: string, at: Date): Promise<void> {
  await REFUND_REQUESTS.in(db).updateOne(
    { _id: id, refundId: { $exists: false } },
    { $set: { refundId, sentAt: at }, $unset: { sendingUntil: '' } },
  );
}

/** Razorpay refused or failed the refund: the request says why and lets the line be asked again. */
export async function markFailed(db: Db, id: ObjectId, reason: string, at: Date): Promise<boolean> {
  const failed = await REFUND_REQUESTS.in(db).updateOne(
    { _id: id, status: 'approved' },
    {
      $set: { status: 'failed', failureReason: reason, failedAt: at },
      $unset: { activeRow: '', sendingUntil: '' },
    },
  );
  return failed.modifiedCount === 1;
}

/**
 * The refund happened: the request becomes `refunded` and `payments.refund.processed` is queued
 * in the same single-document write. Only an approved request matches, so any number of
 * deliveries of `refund.processed` (and a sweep that finds the refund processed) make one fact;
 * the others get null.
 */
export function markRefunded(
  outbox: Outbox,
  request: WithId<RefundRequestDoc>,
  refundId: string,
  at: Date,
  requestId?: string,
): Promise<WithId<RefundRequestDoc> | null> {
  const data = refundProcessedData(request, { requestId: request._id.toHexString(), refundId }, at);
  const event = newEvent(PAYMENTS_REFUND_PROCESSED, data, {
    id: refundProcessedEventId(request.orderId, request.courseId),
    occurredAt: at,
    ...(requestId ? { requestId } : {}),
  });
  return outbox.findOneAndUpdate<RefundRequestDoc>(
    REFUND_REQUESTS.collection,
    { _id: request._id, status: 'approved' },
    { $set: { status: 'refunded', refundId, refundedAt: at }, $unset: { sendingUntil: '' } },
    [event],
    { returnDocument: 'after' },
  );
}

/**
 * What follows a refunded request on its line, each step safe to repeat (a redelivered webhook
 * finishes what a crash left): the row says it was refunded, and the purchase that kept the
 * student from buying the course again is removed (unless it is a later purchase's).
 */
export async function finishRefundedLine(db: Db, request: RefundRequestDoc): Promise<void> {
  if (request.status !== 'refunded' || !request.refundId || !request.refundedAt) return;
  await PAYMENTS.in(db).updateOne(
    { _id: request.rowId, refundedAt: { $exists: false } },
    {
      $set: {
        refundedAt: request.refundedAt,
        refund: {
          requestId: request._id.toHexString(),
          refundId: request.refundId,
          amountPaise: request.amountPaise,
        },
      },
    },
  );
  await PURCHASES.in(db).deleteOne({
    _id: purchaseKey(request.studentId, request.courseId),
    at: { $lte: request.paidAt },
  });
}

/** The latest request of each of the given lines, by row id. */
export async function latestRequestsOf(
  db: Db,
  rowIds: readonly ObjectId[],
): Promise<Map<string, WithId<RefundRequestDoc>>> {
  const listed = await lineRequests(db).firstOf(
    rowIds.map((id) => id.toHexString()),
    LINE_REQUESTS_READ,
  );
  const ids = [...listed.values()].flat();
  if (ids.length === 0) return new Map();
  const found = await REFUND_REQUESTS.in(db)
    .find(
      { _id: { $in: ids.map((id) => new ObjectId(id)) } },
      { projection: { rowId: 1, status: 1, createdAt: 1 } },
    )
    .sort(NEWEST_FIRST)
    .toArray();
  const latest = new Map<string, WithId<RefundRequestDoc>>();
  for (const request of found) {
    const key = request.rowId.toHexString();
    if (!latest.has(key)) latest.set(key, request);
  }
  return latest;
}

/** Approved requests Razorpay was not asked about yet, or has not answered about since `before`. */
export function requestsToSettle(db: Db, before: Date, limit: number) {
  return REFUND_REQUESTS.in(db)
    .find({
      status: 'approved',
      $or: [{ refundId: { $exists: false } }, { sentAt: { $lt: before } }],
    })
    .sort({ createdAt: 1 })
    .limit(limit)
    .toArray();
}
