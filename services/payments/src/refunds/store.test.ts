import { fileTestDatabase } from '@liveedu/test-kit';
import type { FastifyBaseLogger } from 'fastify';
import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import type { RefundStatus } from './domain.ts';
import {
  decide,
  ensureLineRequests,
  insertRequest,
  latestRequestsOf,
  REFUND_REQUESTS,
  type RefundRequestDoc,
} from './store.ts';

const db = fileTestDatabase('payments', 'line-requests', [REFUND_REQUESTS]);

const quiet = { info() {}, warn() {} } as unknown as FastifyBaseLogger;
let made = 0;

function request(rowId: ObjectId, status: RefundStatus = 'pending'): RefundRequestDoc {
  made += 1;
  const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, made));
  return {
    _id: new ObjectId(),
    rowId,
    orderId: 'order_1',
    paymentId: 'pay_1',
    courseId: 'course',
    courseTitle: 'Course',
    studentId: 'student',
    tutorId: 'tutor',
    amountPaise: 10_000,
    studentUsername: 'student',
    paidAt: new Date(Date.UTC(2026, 0, 1)),
    reason: 'Not what I expected',
    status,
    createdAt,
    ...(status === 'pending' ? { activeRow: rowId.toHexString() } : {}),
  };
}

const statusesOf = async (rowIds: ObjectId[]) =>
  new Map([...(await latestRequestsOf(db, rowIds))].map(([row, found]) => [row, found.status]));

describe("a line's latest refund request", () => {
  it('is the newest of its requests, one per line, and nothing for a line without any', async () => {
    const [asked, askedAgain, never] = [new ObjectId(), new ObjectId(), new ObjectId()];
    await insertRequest(db, request(asked));
    const first = request(askedAgain);
    await insertRequest(db, first);
    await decide(db, first._id, { status: 'rejected', releasesLine: true, adminId: 'admin', at: new Date() });
    await insertRequest(db, request(askedAgain));

    expect(await statusesOf([asked, askedAgain, never])).toEqual(
      new Map([
        [asked.toHexString(), 'pending'],
        [askedAgain.toHexString(), 'pending'],
      ]),
    );
    expect(await latestRequestsOf(db, [never])).toEqual(new Map());
  });

  it('is the request holding the line however often the student asked again meanwhile', async () => {
    const row = new ObjectId();
    const held = request(row);
    expect(await insertRequest(db, held)).not.toBeNull();
    // More refused asks than a line's requests are read: none of them may hide the one holding it.
    for (let i = 0; i < 60; i += 1) expect(await insertRequest(db, request(row))).toBeNull();

    const latest = await latestRequestsOf(db, [row]);
    expect(latest.get(row.toHexString())?._id).toEqual(held._id);
  });

  it('finds requests made before the lists existed once they are built', async () => {
    const row = new ObjectId();
    const older = request(row, 'rejected');
    const newer = request(row, 'refunded');
    await REFUND_REQUESTS.in(db).insertMany([older, newer]);
    expect(await latestRequestsOf(db, [row])).toEqual(new Map());

    await ensureLineRequests(db, quiet);
    expect(await statusesOf([row])).toEqual(new Map([[row.toHexString(), 'refunded']]));
  });
});
