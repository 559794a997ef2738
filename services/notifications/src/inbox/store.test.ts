import { testDatabase } from '@liveedu/test-kit';
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationId } from './domain.ts';
import {
  addToInboxes,
  INBOXES,
  inboxCounts,
  inboxIds,
  insertNotifications,
  markAllRead,
  markRead,
  type NotificationDoc,
  notificationsByIds,
} from './store.ts';

let db: Db;
let drop: () => Promise<void> = async () => {};
beforeAll(async () => {
  ({ db, drop } = await testDatabase('notifications', 'inbox', [], { maxPoolSize: 20 }));
});
afterAll(() => drop());

const USER = 'a'.repeat(24);
const OTHER = 'b'.repeat(24);

const doc = (eventId: string, userId = USER): NotificationDoc => ({
  _id: notificationId(eventId, userId),
  userId,
  eventId,
  kind: 'answer',
  title: `about ${eventId}`,
  link: '/profile',
  createdAt: new Date(),
  read: false,
  delivery: 'instant',
});

/** Delivers the event's notification to its user as the fan-out does. */
async function deliver(eventId: string, userId = USER) {
  const made = doc(eventId, userId);
  await insertNotifications(db, [made]);
  await addToInboxes(db, [{ userId, id: made._id }]);
  return made._id;
}

describe('the inbox', () => {
  it('keeps each notification once however often it is delivered, newest first, counted', async () => {
    const first = await deliver('e1');
    const second = await deliver('e2');
    await Promise.all([deliver('e2'), deliver('e2'), deliver('e1')]);
    expect(await inboxCounts(db, USER)).toMatchObject({ total: 2, unread: 2 });
    const ids = await inboxIds(db, USER, { unread: false, skip: 0, limit: 20, known: 2 });
    expect(ids).toEqual([second, first]);
    expect(await inboxIds(db, USER, { unread: false, skip: 5, limit: 20, known: 2 })).toEqual([]);
    expect((await notificationsByIds(db, USER, ids)).map((n) => n.eventId)).toEqual(['e2', 'e1']);
    expect(await notificationsByIds(db, OTHER, ids)).toEqual([]);
  });

  it('makes the first inbox of a user once when two notifications arrive at the same moment', async () => {
    const user = 'c'.repeat(24);
    await Promise.all(Array.from({ length: 8 }, (_, n) => deliver(`race${n}`, user)));
    const inbox = await INBOXES.in(db).findOne({ _id: user });
    expect(inbox?.ids).toHaveLength(8);
    expect(inbox).toMatchObject({ total: 8, unread: 8 });
  });

  it('counts unread exactly through repeated and foreign reads, and a read of all racing a new one', async () => {
    const user = 'd'.repeat(24);
    const [a, b, c] = [await deliver('r1', user), await deliver('r2', user), await deliver('r3', user)];
    expect(await markRead(db, user, [a, a])).toBe(2);
    expect(await markRead(db, user, [a])).toBe(2);
    // Another user's read of these changes nothing of theirs.
    expect(await markRead(db, OTHER, [b, c])).toBe(0);
    expect(await inboxCounts(db, user)).toMatchObject({ unread: 2 });
    const [all] = await Promise.all([markAllRead(db, user), deliver('r4', user)]);
    const counts = await inboxCounts(db, user);
    const unreadIds = await inboxIds(db, user, { unread: true, skip: 0, limit: 20, known: counts.unread });
    expect(counts.unread).toBe(unreadIds.length);
    expect(all).toBeLessThanOrEqual(1);
    const read = await notificationsByIds(db, user, [a, b, c]);
    expect(read.every((n) => n.read)).toBe(true);
  });

  it('writes a thousand users’ notifications in one batch', async () => {
    const users = Array.from({ length: 1000 }, (_, n) => n.toString(16).padStart(24, '0'));
    const docs = users.map((userId) => doc('bulk', userId));
    await insertNotifications(db, docs);
    await addToInboxes(
      db,
      docs.map((d) => ({ userId: d.userId, id: d._id })),
    );
    await insertNotifications(db, docs);
    await addToInboxes(
      db,
      docs.map((d) => ({ userId: d.userId, id: d._id })),
    );
    expect(await inboxCounts(db, users[7] as string)).toMatchObject({ total: 1, unread: 1 });
    expect(await inboxCounts(db, users[999] as string)).toMatchObject({ total: 1, unread: 1 });
  });
});
