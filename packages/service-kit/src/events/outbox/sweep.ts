import type { FastifyBaseLogger } from 'fastify';
import type { Db } from 'mongodb';
import { OUTBOX_COLLECTION, OUTBOX_FIELD, OUTBOX_SINCE_FIELD } from './document.ts';
import { OUTBOX_PENDING, STALE_MARKER_MS } from './markers.ts';
import type { RelayQueue } from './relay.ts';

/** Set once the business collections were swept for events written before markers existed. */
const LEGACY_SWEEP_MARKER = 'outbox-pending-1';

/**
 * Finds what a crash between a write and its wake-up left behind: the recorded facts in `outbox`
 * and the documents the markers of events in flight name (a marker whose write never happened is
 * dropped). It never scans the business collections, except once per database for events
 * written before markers existed.
 */
export function outboxSweep(opts: {
  db: Db;
  collections: string[];
  queue: RelayQueue;
  log: FastifyBaseLogger;
  /** How often it looks (default 5 minutes). */
  everyMs?: number;
}) {
  const { db, queue, log } = opts;
  const pending = OUTBOX_PENDING.in(db);
  let timer: NodeJS.Timeout | null = null;

  async function sweepLegacy(): Promise<number> {
    const migrations = db.collection<{ _id: string; at: Date }>('migrations');
    if (await migrations.findOne({ _id: LEGACY_SWEEP_MARKER })) return 0;
    let found = 0;
    for (const name of opts.collections.filter((c) => c !== OUTBOX_COLLECTION)) {
      const left = db
        .collection(name)
        .find({ [OUTBOX_SINCE_FIELD]: { $exists: true } }, { projection: { _id: 1 } });
      for await (const doc of left) {
        queue.add(name, doc._id);
        found += 1;
      }
    }
    await migrations.updateOne({ _id: LEGACY_SWEEP_MARKER }, { $set: { at: new Date() } }, { upsert: true });
    return found;
  }

  async function sweep(): Promise<number> {
    let found = 0;
    // Recorded facts: the collection holds only those not yet published.
    for await (const doc of db.collection(OUTBOX_COLLECTION).find({}, { projection: { _id: 1 } })) {
      queue.add(OUTBOX_COLLECTION, doc._id);
      found += 1;
    }
    // Events in flight: each marker names its document.
    const staleBefore = Date.now() - STALE_MARKER_MS;
    for await (const marker of pending.find({})) {
      if (marker.at.getTime() < staleBefore) {
        const doc = await db
          .collection(marker.collection)
          .findOne({ _id: marker.doc as never }, { projection: { [`${OUTBOX_FIELD}.id`]: 1 } });
        const held = ((doc?.[OUTBOX_FIELD] ?? []) as { id: string }[]).some((e) => e.id === marker._id);
        if (!held) {
          // Its write failed before it was stored, or the relay stopped between the two deletes.
          await pending.deleteOne({ _id: marker._id });
          continue;
        }
      }
      queue.add(marker.collection, marker.doc);
      found += 1;
    }
    if (found > 0 && !queue.stopped) {
      log.info({ documents: found }, 'outbox sweep found events left behind');
      void queue.drain();
    }
    return found;
  }

  function schedule(): void {
    if (queue.stopped) return;
    timer = setTimeout(
      () => {
        sweep()
          .catch((error: unknown) => log.warn({ err: error }, 'outbox sweep failed; will try again'))
          .finally(schedule);
      },
      opts.everyMs ?? 5 * 60_000,
    );
    timer.unref();
  }

  return {
    sweep,
    /** The first sweep (the legacy one once per database), then one every `everyMs`. */
    start() {
      void sweepLegacy()
        .then((found) => {
          if (found > 0 && !queue.stopped) void queue.drain();
          return sweep();
        })
        .catch((error: unknown) => log.warn({ err: error }, 'outbox sweep at start failed'));
      schedule();
    },
    stop() {
      if (timer) clearTimeout(timer);
    },
  };
}
