import type { IntegrationEvent } from '@liveedu/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Document } from 'mongodb';
import { OUTBOX_COLLECTION, OUTBOX_FIELD, OUTBOX_SINCE_FIELD } from './document.ts';
import { OUTBOX_PENDING } from './markers.ts';

/**
 * The publishing half of the outbox: documents woken by their writes (or found by the sweep)
 * wait in a queue; one drain at a time reads each by `_id`, publishes its events (JetStream
 * drops a repeated `Nats-Msg-Id`) and takes exactly those off it, with their markers. A failure
 * puts what is left back and retries with a growing delay.
 */
export interface RelayQueue {
  /** A document's events are waiting: queue it and drain. */
  wake(collection: string, id: unknown): void;
  /** Queues a document without draining (the sweep drains once it has queued all it found). */
  add(collection: string, id: unknown): void;
  /** Publishes what is waiting now; resolves with the number of events published. */
  drain(): Promise<number>;
  /** Documents known to have events not yet published or not yet removed. */
  pending(): number;
  readonly stopped: boolean;
  stop(): Promise<void>;
}

const keyOf = (collection: string, id: unknown) => `${collection}\u0000${String(id)}`;

/** Publishes one document's events and takes them off it; resolves with how many there were. */
async function relayOne(
  db: Db,
  collection: string,
  id: unknown,
  publish: (event: IntegrationEvent) => Promise<void>,
): Promise<number> {
  const docs = db.collection(collection);
  const doc = await docs.findOne(
    { _id: id as never },
    { projection: { [OUTBOX_FIELD]: 1, [OUTBOX_SINCE_FIELD]: 1 } },
  );
  if (!doc || (doc[OUTBOX_SINCE_FIELD] === undefined && !doc[OUTBOX_FIELD]?.length)) return 0;
  const events = (doc[OUTBOX_FIELD] ?? []) as IntegrationEvent[];
  for (const event of events) await publish(event);
  if (collection === OUTBOX_COLLECTION) {
    // A recorded fact never changes after its insert, so the whole record can go.
    await docs.deleteOne({ _id: id as never });
    return events.length;
  }
  const ids = events.map((e) => e.id);
  // One atomic update either way. If the document still holds exactly what was read, it is
  // emptied and unmarked; if a write pushed another event meanwhile, only the published ones
  // are pulled and the marker stays, and that write's own wake-up brings the rest.
  const onlyThese: Document =
    ids.length === 0
      ? { $or: [{ [OUTBOX_FIELD]: { $exists: false } }, { [OUTBOX_FIELD]: { $size: 0 } }] }
      : { [OUTBOX_FIELD]: { $size: ids.length }, [`${OUTBOX_FIELD}.id`]: { $all: ids } };
  const cleared = await docs.updateOne(
    { _id: id as never, ...onlyThese },
    { $set: { [OUTBOX_FIELD]: [] }, $unset: { [OUTBOX_SINCE_FIELD]: '' } },
  );
  if (cleared.matchedCount === 0 && ids.length > 0) {
    const pull: Document = { $pull: { [OUTBOX_FIELD]: { id: { $in: ids } } } };
    await docs.updateOne({ _id: id as never }, pull);
  }
  if (ids.length > 0) await OUTBOX_PENDING.in(db).deleteMany({ _id: { $in: ids } });
  return events.length;
}

export function relayQueue(opts: {
  db: Db;
  publish: (event: IntegrationEvent) => Promise<void>;
  log: FastifyBaseLogger;
  onPublished?: (event: IntegrationEvent) => void;
}): RelayQueue {
  const waiting = new Map<string, { collection: string; id: unknown }>();
  /** Keys being relayed right now, out of `waiting` but not yet done. */
  const inFlight = new Set<string>();
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  const publish = async (event: IntegrationEvent) => {
    await opts.publish(event);
    opts.onPublished?.(event);
  };

  async function passOnce(): Promise<number> {
    const batch = [...waiting.entries()];
    waiting.clear();
    for (const [key] of batch) inFlight.add(key);
    let count = 0;
    try {
      for (const [key, entry] of batch) {
        count += await relayOne(opts.db, entry.collection, entry.id, publish);
        inFlight.delete(key);
      }
    } catch (error) {
      // NATS or the database is down: what is left goes back beside whatever was woken meanwhile.
      for (const [key, entry] of batch) if (inFlight.has(key)) waiting.set(key, entry);
      inFlight.clear();
      throw error;
    }
    return count;
  }

  function scheduleRetry(): void {
    if (stopped || retryTimer || waiting.size === 0) return;
    const delay = Math.min(250 * 2 ** Math.min(failures, 6), 15_000);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void drain();
    }, delay);
    retryTimer.unref();
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await passOnce();
        } while ((again || waiting.size > 0) && !stopped);
        failures = 0;
      } catch (error) {
        failures += 1;
        if (failures === 1 || failures % 20 === 0) {
          opts.log.warn(
            { err: error, failures, waiting: waiting.size },
            'outbox relay could not publish; will retry',
          );
        }
        scheduleRetry();
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  const add = (collection: string, id: unknown) => {
    waiting.set(keyOf(collection, id), { collection, id });
  };

  return {
    add,
    wake(collection, id) {
      if (stopped) return;
      add(collection, id);
      void drain();
    },
    drain,
    pending() {
      let count = waiting.size;
      for (const key of inFlight) if (!waiting.has(key)) count += 1;
      return count;
    },
    get stopped() {
      return stopped;
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (running) await running.catch(() => 0);
    },
  };
}
