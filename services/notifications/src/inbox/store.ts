import { storedCollection } from '@liveedu/service-kit';
import type { AnyBulkWriteOperation, Db } from 'mongodb';
import type { Delivery, Kind } from '../preferences/domain.ts';

/** One notification of one user; `_id` is `notificationId(event, user)`, so an event makes each once. */
export interface NotificationDoc {
  _id: string;
  userId: string;
  eventId: string;
  kind: Kind;
  title: string;
  /** A site path. */
  link: string;
  createdAt: Date;
  read: boolean;
  /** How it was to reach the user by mail when it was made. */
  delivery: Delivery;
  /** When it went out by mail (at once or in a digest): it never goes twice. */
  mailedAt?: Date;
}

/**
 * A user's notifications by key: every id newest first, the unread ones, their counts, and a
 * version every change raises (what open streams watch). Each change is one atomic update guarded
 * on an id's presence, so `total` and `unread` always equal the lists' lengths however writes race
 * or repeat.
 */
export interface InboxDoc {
  _id: string;
  ids: string[];
  unreadIds: string[];
  total: number;
  unread: number;
  version: number;
}

export const NOTIFICATIONS = storedCollection<NotificationDoc>('notifications');
export const INBOXES = storedCollection<InboxDoc>('inboxes');

/** Writes go to the database this many at a time. */
export const WRITE_BATCH = 1_000;

export function inBatches<T>(items: readonly T[], size = WRITE_BATCH): T[][] {
  const batches: T[][] = [];
  for (let at = 0; at < items.length; at += size) batches.push(items.slice(at, at + size));
  return batches;
}

interface WriteFailure {
  index: number;
  code?: number;
}

/**
 * The positions of an unordered bulk write's operations that met a duplicate key; any other
 * failure is thrown on.
 */
function duplicatesOf(error: unknown): number[] {
  const raw = (error as { writeErrors?: WriteFailure | WriteFailure[] }).writeErrors;
  const failures = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  if (failures.length === 0 || failures.some((failure) => failure.code !== 11000)) throw error;
  return failures.map((failure) => failure.index);
}

/**
 * Runs guarded upserts (`filter` matches only when the entry is not there yet) unordered. An
 * upsert that met a duplicate `_id` found the document without a match — the entry is there, or
 * another write made the document at the same moment — so it is tried once more as a plain
 * update, which adds the entry only if it is still missing.
 */
export async function guardedUpserts<T extends { _id: string }>(
  db: Db,
  collection: string,
  writes: { filter: Record<string, unknown>; update: Record<string, unknown> }[],
): Promise<void> {
  if (writes.length === 0) return;
  const target = db.collection<T>(collection);
  const ops = (upsert: boolean, chosen: typeof writes) =>
    chosen.map(
      ({ filter, update }) => ({ updateOne: { filter, update, upsert } }) as AnyBulkWriteOperation<T>,
    );
  let again: typeof writes = [];
  try {
    await target.bulkWrite(ops(true, writes), { ordered: false });
  } catch (error) {
    again = duplicatesOf(error).map((index) => writes[index] as (typeof writes)[number]);
  }
  if (again.length > 0) await target.bulkWrite(ops(false, again), { ordered: false });
}

/** Stores notifications; those already stored (a repeated event) are left as they are. */
export async function insertNotifications(db: Db, docs: NotificationDoc[]): Promise<void> {
  if (docs.length === 0) return;
  try {
    await NOTIFICATIONS.in(db).insertMany(docs, { ordered: false });
  } catch (error) {
    duplicatesOf(error);
  }
}

/** Puts each notification first in its user's inbox, unread, unless it is there already. */
export async function addToInboxes(db: Db, entries: { userId: string; id: string }[]): Promise<void> {
  await guardedUpserts<InboxDoc>(
    db,
    INBOXES.collection,
    entries.map(({ userId, id }) => ({
      filter: { _id: userId, ids: { $ne: id } },
      update: {
        $push: { ids: { $each: [id], $position: 0 }, unreadIds: { $each: [id], $position: 0 } },
        $inc: { total: 1, unread: 1, version: 1 },
      },
    })),
  );
}

/** A user's counts and version, by key; zeros for a user with no notifications yet. */
export async function inboxCounts(
  db: Db,
  userId: string,
): Promise<{ total: number; unread: number; version: number }> {
  const doc = await INBOXES.in(db).findOne(
    { _id: userId },
    { projection: { total: 1, unread: 1, version: 1 } },
  );
  return { total: doc?.total ?? 0, unread: doc?.unread ?? 0, version: doc?.version ?? 0 };
}

/** `limit` ids of the user's notifications (or unread ones) from `skip` on, newest first. */
export async function inboxIds(
  db: Db,
  userId: string,
  opts: { unread: boolean; skip: number; limit: number; known: number },
): Promise<string[]> {
  // mongo-java-server fails a `$slice` that starts past the end instead of answering nothing.
  if (opts.skip >= opts.known) return [];
  const field = opts.unread ? 'unreadIds' : 'ids';
  const doc = await INBOXES.in(db).findOne(
    { _id: userId },
    { projection: { [field]: { $slice: [opts.skip, opts.limit] }, version: 1 } },
  );
  return (doc?.[field] as string[] | undefined) ?? [];
}

/** The user's notifications with these ids, in the order of `ids` (others' are never found). */
export async function notificationsByIds(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<NotificationDoc[]> {
  if (ids.length === 0) return [];
  const found = await NOTIFICATIONS.in(db)
    .find({ _id: { $in: [...ids] } })
    .toArray();
  const byId = new Map(found.filter((doc) => doc.userId === userId).map((doc) => [doc._id, doc]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Marks some of the user's notifications read and answers the unread count. Each notification is
 * marked first, then taken out of the unread list by an update guarded on its presence there, so
 * a repeat (or a retry after a failure between the two) counts it once.
 */
export async function markRead(db: Db, userId: string, ids: readonly string[]): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    await NOTIFICATIONS.in(db).bulkWrite(
      unique.map((id) => ({ updateOne: { filter: { _id: id, userId }, update: { $set: { read: true } } } })),
      { ordered: false },
    );
    await INBOXES.in(db).bulkWrite(
      unique.map((id) => ({
        updateOne: {
          filter: { _id: userId, unreadIds: id },
          update: { $pull: { unreadIds: id }, $inc: { unread: -1, version: 1 } },
        },
      })),
      { ordered: false },
    );
  }
  return (await inboxCounts(db, userId)).unread;
}

/**
 * Marks every notification of the user read. The unread list is emptied only if nothing changed
 * it since it was read (its version), so a notification arriving meanwhile stays unread and
 * counted; then it is tried again.
 */
export async function markAllRead(db: Db, userId: string): Promise<number> {
  const inboxes = INBOXES.in(db);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const doc = await inboxes.findOne({ _id: userId }, { projection: { unreadIds: 1, version: 1 } });
    if (!doc || doc.unreadIds.length === 0) return 0;
    for (const batch of inBatches(doc.unreadIds)) {
      await NOTIFICATIONS.in(db).updateMany({ _id: { $in: batch } }, { $set: { read: true } });
    }
    const emptied = await inboxes.updateOne(
      { _id: userId, version: doc.version },
      { $set: { unreadIds: [], unread: 0 }, $inc: { version: 1 } },
    );
    if (emptied.modifiedCount === 1) return 0;
  }
  return (await inboxCounts(db, userId)).unread;
}

/** A deleted user's notifications and inbox go. */
export async function deleteInbox(db: Db, userId: string): Promise<void> {
  const doc = await INBOXES.in(db).findOne({ _id: userId }, { projection: { ids: 1 } });
  for (const batch of inBatches(doc?.ids ?? [])) {
    await NOTIFICATIONS.in(db).deleteMany({ _id: { $in: batch } });
  }
  await INBOXES.in(db).deleteOne({ _id: userId });
}
