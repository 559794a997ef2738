import { randomUUID } from 'node:crypto';
import type { IntegrationEvent } from '@liveedu/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type {
  Collection,
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
import { isDuplicateKey } from '../mongo.ts';

/**
 * The outbox rides inside the business document: the state change and the events it causes are
 * one single-document write, so there is never one without the other (no multi-document
 * transactions needed). Facts without a document of their own go to the `outbox` collection.
 *
 * The writer wakes the relay with the document's key once the write is done, and the relay reads
 * that document by `_id`, publishes its events (JetStream drops a repeated `Nats-Msg-Id`) and
 * removes exactly those from the document. Nothing polls.
 *
 * Before the write, each event gets a marker in `outbox_pending` naming its document; the relay
 * deletes the marker once the event is published and off the document. So the markers are the
 * events in flight, a small collection: the slow sweep (at start-up and every few minutes) reads
 * them, and `outbox`, to find what a crash between a write and its wake-up left behind, and never
 * scans the business collections (a scan of 500k payments held the embedded database's
 * collection for seconds). A marker whose write never happened is dropped by the sweep.
 */
export const OUTBOX_FIELD = '_outbox';
export const OUTBOX_SINCE_FIELD = '_outboxAt';
export const OUTBOX_COLLECTION = 'outbox';
export const OUTBOX_PENDING_COLLECTION = 'outbox_pending';
/** Set once the business collections were swept for events written before markers existed. */
const LEGACY_SWEEP_MARKER = 'outbox-pending-1';
/** A marker older than this whose event is not on its document belongs to a write that failed. */
const STALE_MARKER_MS = 60_000;

/** One event in flight: which document holds it. */
interface PendingMarker {
  _id: string;
  collection: string;
  doc: unknown;
  at: Date;
}

const pendingOf = (db: Db) => db.collection<PendingMarker>(OUTBOX_PENDING_COLLECTION);

async function markPending(db: Db, collection: string, doc: unknown, events: IntegrationEvent[]) {
  if (events.length === 0) return;
  const at = new Date();
  try {
    await pendingOf(db).insertMany(
      events.map((e) => ({ _id: e.id, collection, doc, at })),
      { ordered: false },
    );
  } catch (error) {
    // The same event written again (a redelivered handler): its marker is there already.
    if (!isDuplicateKey(error)) throw error;
  }
}

/** The write did not happen (nothing matched): its events are not in flight. */
async function unmarkPending(db: Db, events: IntegrationEvent[]) {
  if (events.length === 0) return;
  await pendingOf(db).deleteMany({ _id: { $in: events.map((e) => e.id) } });
}

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

/** Callers see their own fields only: the events a document still carries are the kit's. */
function withoutOutbox<T>(doc: T): T {
  if (doc && typeof doc === 'object') {
    delete (doc as Document)[OUTBOX_FIELD];
    delete (doc as Document)[OUTBOX_SINCE_FIELD];
  }
  return doc;
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
  /** Reads the markers of events in flight and `outbox` for what was left behind (start-up, and slowly). */
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
  /** The write, between marking its events in flight and waking the relay (or unmarking them). */
  async function written<R>(
    at: { collection: string; id: unknown; events: IntegrationEvent[] },
    write: () => Promise<R>,
    happened: (result: R) => boolean,
  ): Promise<R> {
    const { collection, id, events } = at;
    await markPending(db, collection, id, events);
    let result: R;
    try {
      result = await write();
    } catch (error) {
      await unmarkPending(db, events).catch(() => {});
      throw error;
    }
    if (happened(result)) wake(collection, id);
    else await unmarkPending(db, events);
    return result;
  }

  /** An update of the document the filter names by `_id`, with the events pushed onto it. */
  function changed<R>(
    at: {
      collection: string;
      filter: Document & { _id: unknown };
      update: unknown;
      events: IntegrationEvent[];
    },
    write: (docs: Collection, filter: Filter<Document>, update: Document) => Promise<R>,
    happened: (result: R) => boolean,
  ): Promise<R> {
    const { collection, filter, events } = at;
    const docs = db.collection(collection);
    const store = () =>
      write(docs, filter as Filter<Document>, withEventsUpdate(at.update as Document, events));
    return written({ collection, id: filter._id, events }, store, happened);
  }

  return {
    async insertOne(collection, doc, events) {
      const store = () => db.collection(collection).insertOne(withEvents(doc as Document, events));
      return (await written({ collection, id: doc._id, events }, store, () => true)) as never;
    },
    async updateOne(collection, filter, update, events, options) {
      const store = (docs: Collection, f: Filter<Document>, u: Document) => docs.updateOne(f, u, options);
      const stored = (r: UpdateResult) => r.matchedCount > 0 || r.upsertedCount > 0;
      return (await changed({ collection, filter, update, events }, store, stored)) as never;
    },
    async findOneAndUpdate(collection, filter, update, events, options) {
      const store = (docs: Collection, f: Filter<Document>, u: Document) =>
        docs.findOneAndUpdate(f, u, { ...options, includeResultMetadata: false });
      // With `returnDocument: 'before'` an upsert returns null; the filter names the document.
      const stored = (found: Document | null) => found !== null || options?.upsert === true;
      return withoutOutbox(await changed({ collection, filter, update, events }, store, stored)) as never;
    },
    async record(event) {
      try {
        await db
          .collection(OUTBOX_COLLECTION)
          .insertOne({ _id: event.id as never, [OUTBOX_FIELD]: [event], [OUTBOX_SINCE_FIELD]: new Date() });
      } catch (error) {
        // Recorded already (a redelivered handler records the same fact again): one is enough.
        if (!isDuplicateKey(error)) throw error;
      }
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
  const pending = pendingOf(opts.db);
  const sweepEvery = opts.sweepIntervalMs ?? 5 * 60_000;
  const waiting = new Map<string, { collection: string; id: unknown }>();
  /** Keys being relayed right now, out of `waiting` but not yet done. */
  const inFlight = new Set<string>();
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;

  /** Publishes one document's events and takes them off it; resolves with how many there were. */
  async function relayOne(collection: string, id: unknown): Promise<number> {
    const docs = opts.db.collection(collection);
    const doc = await docs.findOne(
      { _id: id as never },
      { projection: { [OUTBOX_FIELD]: 1, [OUTBOX_SINCE_FIELD]: 1 } },
    );
    if (!doc || (doc[OUTBOX_SINCE_FIELD] === undefined && !doc[OUTBOX_FIELD]?.length)) return 0;
    const events = (doc[OUTBOX_FIELD] ?? []) as IntegrationEvent[];
    for (const event of events) {
      await opts.publish(event);
      opts.onPublished?.(event);
    }
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
    if (ids.length > 0) await pending.deleteMany({ _id: { $in: ids } });
    return events.length;
  }

  async function passOnce(): Promise<number> {
    const batch = [...waiting.entries()];
    waiting.clear();
    for (const [key] of batch) inFlight.add(key);
    let count = 0;
    try {
      for (const [key, entry] of batch) {
        count += await relayOne(entry.collection, entry.id);
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

  function wake(collection: string, id: unknown): void {
    if (stopped) return;
    waiting.set(keyOf(collection, id), { collection, id });
    void drain();
  }

  /**
   * Documents with events written before markers existed: found once per database by a scan of
   * the business collections, then never again.
   */
  async function sweepLegacy(): Promise<number> {
    const migrations = opts.db.collection<{ _id: string; at: Date }>('migrations');
    if (await migrations.findOne({ _id: LEGACY_SWEEP_MARKER })) return 0;
    let found = 0;
    for (const name of collections.filter((c) => c !== OUTBOX_COLLECTION)) {
      const left = opts.db
        .collection(name)
        .find({ [OUTBOX_SINCE_FIELD]: { $exists: true } }, { projection: { _id: 1 } });
      for await (const doc of left) {
        waiting.set(keyOf(name, doc._id), { collection: name, id: doc._id });
        found += 1;
      }
    }
    await migrations.updateOne({ _id: LEGACY_SWEEP_MARKER }, { $set: { at: new Date() } }, { upsert: true });
    return found;
  }

  async function sweep(): Promise<number> {
    let found = 0;
    // Recorded facts: the collection holds only those not yet published.
    for await (const doc of opts.db.collection(OUTBOX_COLLECTION).find({}, { projection: { _id: 1 } })) {
      waiting.set(keyOf(OUTBOX_COLLECTION, doc._id), { collection: OUTBOX_COLLECTION, id: doc._id });
      found += 1;
    }
    // Events in flight: each marker names its document.
    const staleBefore = Date.now() - STALE_MARKER_MS;
    for await (const marker of pending.find({})) {
      if (marker.at.getTime() < staleBefore) {
        const doc = await opts.db
          .collection(marker.collection)
          .findOne({ _id: marker.doc as never }, { projection: { [`${OUTBOX_FIELD}.id`]: 1 } });
        const held = ((doc?.[OUTBOX_FIELD] ?? []) as { id: string }[]).some((e) => e.id === marker._id);
        if (!held) {
          // Its write failed before it was stored, or the relay stopped between the two deletes.
          await pending.deleteOne({ _id: marker._id });
          continue;
        }
      }
      waiting.set(keyOf(marker.collection, marker.doc), { collection: marker.collection, id: marker.doc });
      found += 1;
    }
    if (found > 0 && !stopped) {
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
  void sweepLegacy()
    .then((found) => {
      if (found > 0 && !stopped) void drain();
      return sweep();
    })
    .catch((error: unknown) => opts.log.warn({ err: error }, 'outbox sweep at start failed'));
  scheduleSweep();

  const relay: OutboxRelay = {
    ...outboxWrites(opts.db, wake),
    wake,
    drain,
    sweep,
    pending: () => {
      let count = waiting.size;
      for (const key of inFlight) if (!waiting.has(key)) count += 1;
      return count;
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (sweepTimer) clearTimeout(sweepTimer);
      if (running) await running.catch(() => 0);
    },
  };
  return relay;
}
