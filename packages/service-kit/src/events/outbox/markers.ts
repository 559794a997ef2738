import type { IntegrationEvent } from '@liveedu/contracts';
import type { Db } from 'mongodb';
import { isDuplicateKey, storedCollection } from '../../mongo.ts';

/** A marker older than this whose event is not on its document belongs to a write that failed. */
export const STALE_MARKER_MS = 60_000;

/** One event in flight: which document holds it. */
export interface PendingMarker {
  _id: string;
  collection: string;
  doc: unknown;
  at: Date;
}

/**
 * Before a write, each of its events gets a marker here naming its document; the relay deletes
 * the marker once the event is published and off the document. So the markers are the events in
 * flight — a small collection the sweep reads instead of the business collections.
 */
export const OUTBOX_PENDING = storedCollection<PendingMarker>('outbox_pending');

export async function markPending(db: Db, collection: string, doc: unknown, events: IntegrationEvent[]) {
  if (events.length === 0) return;
  const at = new Date();
  try {
    await OUTBOX_PENDING.in(db).insertMany(
      events.map((e) => ({ _id: e.id, collection, doc, at })),
      { ordered: false },
    );
  } catch (error) {
    // The same event written again (a redelivered handler): its marker is there already.
    if (!isDuplicateKey(error)) throw error;
  }
}

/** The write did not happen (nothing matched): its events are not in flight. */
export async function unmarkPending(db: Db, events: IntegrationEvent[]) {
  if (events.length === 0) return;
  await OUTBOX_PENDING.in(db).deleteMany({ _id: { $in: events.map((e) => e.id) } });
}
