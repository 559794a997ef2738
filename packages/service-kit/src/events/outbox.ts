import { randomUUID } from 'node:crypto';
import type { IntegrationEvent } from '@liveedu/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type {
  Db,
  Document,
  Filter,
  FindOneAndUpdateOptions,
  InsertOneResult,
  OptionalUnlessRequiredId,
  UpdateFilter,
  UpdateOptions,
  UpdateResult,
  WithId,
} from 'mongodb';

/**
 * The outbox rides inside the business document: the state change and the events it causes are
 * one single-document write, so there is never one without the other (no multi-document
 * transactions needed). Facts without a document of their own go to the `outbox` collection.
 *
 * The writer wakes the relay with the document's key once the write is done, and the relay reads
 * that document by `_id`, publishes its events (JetStream drops a repeated `Nats-Msg-Id`) and
 * removes exactly those from the document. Nothing polls: the only scan is a slow sweep, at
 * start-up and every few minutes, for documents whose wake-up a crash lost.
 */
export const OUTBOX_FIELD = '_outbox';
export const OUTBOX_SINCE_FIELD = '_outboxAt';
export const OUTBOX_COLLECTION = 'outbox';

export function newEvent<TType extends string, TData>(
  type: TType,
  data: TData,
  opts: { id?: string; requestId?: string; occurredAt?: Date } = {},
): IntegrationEvent<TType, TData> {
  return {
    id: opts.id ?? randomUUID(),
    type,
    version: 1,
    occurredAt: (opts.occurredAt ?? new Date()).toISOString(),
    ...(opts.requestId ? { requestId: opts.requestId } : {}),
    data,
  };
}

/** A new document carrying its events. */
function withEvents<T extends Document>(doc: T, events: IntegrationEvent[]): T {
  return { ...doc, [OUTBOX_FIELD]: events, [OUTBOX_SINCE_FIELD]: new Date() };
}

/** An update that also appends events, merged into its own `$set`/`$push`. */
function withEventsUpdate(update: Document, events: IntegrationEvent[]): Document {
  return {
    ...update,
    $set: { ...(update.$set ?? {}), [OUTBOX_SINCE_FIELD]: new Date() },
    $push: { ...(update.$push ?? {}), [OUTBOX_FIELD]: { $each: events } },
  };
}

/** Finds documents whose events may still wait: only the sweep uses it. */
export const outboxIndex = { key: { [OUTBOX_SINCE_FIELD]: 1 }, name: 'outbox_pending' };

/**
 * Writes that carry integration events. Each stores the change and its events in one
 * single-document write, then wakes the relay with the document's key. A filter names the
 * document by `_id`, so the relay knows which one to read.
 */
export interface Outbox {
  insertOne<T extends Document>(
    collection: string,
    doc: OptionalUnlessRequiredId<T> & { _id: unknown },
    events: IntegrationEvent[],
  ): Promise<InsertOneResult<T>>;
  updateOne<T extends Document>(
    collection: string,
    filter: Filter<T> & { _id: unknown },
    update: UpdateFilter<T>,
    events: IntegrationEvent[],
    options?: UpdateOptions,
  ): Promise<UpdateResult<T>>;
  findOneAndUpdate<T extends Document>(
    collection: string,
    filter: Filter<T> & { _id: unknown },
    update: UpdateFilter<T>,
    events: IntegrationEvent[],
    options?: FindOneAndUpdateOptions,
  ): Promise<WithId<T> | null>;
  /** Records a fact that has no document of its own. */
  record(event: IntegrationEvent): Promise<void>;
}

export interface OutboxRelay extends Outbox {
  /** A document's events are waiting: publish them (what every write of `Outbox` calls). */
  wake(collection: string, id: unknown): void;
  /** Publishes what is waiting now; resolves with the number of events published. */
  drain(): Promise<number>;
  /** Scans the outbox collections for documents with events left behind (start-up, and slowly). */
  sweep(): Promise<number>;
  /** Documents known to have events not yet published or not yet removed. */
  pending(): number;
  stop(): Promise<void>;
}

/**
 * The writing half of the outbox: each write stores the change and its events in one
 * single-document write, then calls `wake` with the document's key (the relay's `wake` in a
 * service; a script or a test without a relay leaves the events to the next sweep).
 */
export function outboxWrites(db: Db, wake: (collection: string, id: unknown) => void = () => {}): Outbox {
  return {
    async insertOne(collection, doc, events) {
      const result = await db.collection(collection).insertOne(withEvents(doc as Document, events));
      wake(collection, result.insertedId);
      return result as never;
    },
    async updateOne(collection, filter, update, events, options) {
      const result = await db
        .collection(collection)
        .updateOne(filter as Filter<Document>, withEventsUpdate(update as Document, events), options);
      if (result.matchedCount > 0 || result.upsertedCount > 0)
        wake(collection, result.upsertedId ?? filter._id);
      return result as never;
    },
    async findOneAndUpdate(collection, filter, update, events, options) {
      const doc = await db
        .collection(collection)
        .findOneAndUpdate(filter as Filter<Document>, withEventsUpdate(update as Document, events), {
          ...options,
          includeResultMetadata: false,
        });
      // Upserted or not, returned before or after: the filter names the document.
      wake(collection, doc?._id ?? filter._id);
      return doc as never;
    },
    async record(event) {
      await db
        .collection(OUTBOX_COLLECTION)
        .insertOne({ _id: event.id as never, [OUTBOX_FIELD]: [event], [OUTBOX_SINCE_FIELD]: new Date() });
      wake(OUTBOX_COLLECTION, event.id);
    },
  };
}

const keyOf = (collection: string, id: unknown) => `${collection}\u0000${String(id)}`;

export function startOutboxRelay(opts: {
  db: Db;
  collections: string[];
  publish: (event: IntegrationEvent) => Promise<void>;
  log: FastifyBaseLogger;
  /** How often the sweep looks for documents whose wake-up was lost (default 5 minutes). */
  sweepIntervalMs?: number;
  onPublished?: (event: IntegrationEvent) => void;
}): OutboxRelay {
  const collections = [...new Set([...opts.collections, OUTBOX_COLLECTION])];
  const sweepEvery = opts.sweepIntervalMs ?? 5 * 60_000;
  const waiting = new Map<string, { collection: string; id: unknown }>();
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;

  /** Publishes one document's events and takes them off it; resolves with how many there were. */
  async function relayOne(collection: string, id: unknown): Promise<number> {
    const docs = opts.db.collection(collection);
    const doc = await docs.findOne({ _id: id as never }, { projection: { [OUTBOX_FIELD]: 1 } });
    const events = (doc?.[OUTBOX_FIELD] ?? []) as IntegrationEvent[];
    for (const event of events) {
      await opts.publish(event);
      opts.onPublished?.(event);
    }
    if (!doc) return 0;
    if (collection === OUTBOX_COLLECTION) {
      await docs.deleteOne({ _id: id as never });
      return events.length;
    }
    const ids = events.map((e) => e.id);
    // Only the events published here leave; one written meanwhile stays (and woke us again).
    const pull: Document = { $pull: { [OUTBOX_FIELD]: { id: { $in: ids } } } };
    if (ids.length > 0) await docs.updateOne({ _id: id as never }, pull);
    await docs.updateOne(
      { _id: id as never, [OUTBOX_FIELD]: { $size: 0 } },
      { $unset: { [OUTBOX_SINCE_FIELD]: '' } },
    );
    return events.length;
  }

  async function passOnce(): Promise<number> {
    const batch = [...waiting.entries()];
    for (const [key] of batch) waiting.delete(key);
    let count = 0;
    for (const [key, entry] of batch) {
      try {
        count += await relayOne(entry.collection, entry.id);
      } catch (error) {
        // Put it back, with whatever was woken meanwhile, and stop: NATS or the database is down.
        if (!waiting.has(key)) waiting.set(key, entry);
        for (const [k, e] of batch.slice(batch.findIndex(([b]) => b === key) + 1)) {
          if (!waiting.has(k)) waiting.set(k, e);
        }
        throw error;
      }
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

  function wake(collection: string, id: unknown): void {
    if (stopped) return;
    waiting.set(keyOf(collection, id), { collection, id });
    void drain();
  }

  async function sweep(): Promise<number> {
    let found = 0;
    for (const name of collections) {
      const left = opts.db
        .collection(name)
        .find({ [OUTBOX_SINCE_FIELD]: { $exists: true } }, { projection: { _id: 1 } });
      for await (const doc of left) {
        waiting.set(keyOf(name, doc._id), { collection: name, id: doc._id });
        found += 1;
      }
    }
    if (found > 0) {
      opts.log.info({ documents: found }, 'outbox sweep found events left behind');
      void drain();
    }
    return found;
  }

  function scheduleSweep(): void {
    if (stopped) return;
    sweepTimer = setTimeout(() => {
      sweep()
        .catch((error: unknown) => opts.log.warn({ err: error }, 'outbox sweep failed; will try again'))
        .finally(scheduleSweep);
    }, sweepEvery);
    sweepTimer.unref();
  }
  void sweep().catch((error: unknown) => opts.log.warn({ err: error }, 'outbox sweep at start failed'));
  scheduleSweep();

  const relay: OutboxRelay = {
    ...outboxWrites(opts.db, wake),
    wake,
    drain,
    sweep,
    pending: () => waiting.size,
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (sweepTimer) clearTimeout(sweepTimer);
      if (running) await running.catch(() => 0);
    },
  };
  return relay;
}
