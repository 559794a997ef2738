import { randomUUID } from 'node:crypto';
import type { IntegrationEvent } from '@liveedu/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Document } from 'mongodb';

/**
 * The outbox rides inside the business document: the state change and the events it causes are
 * one single-document write, so there is never one without the other (no multi-document
 * transactions needed). A relay publishes pending events and removes them once JetStream has
 * acknowledged them. Facts without a document of their own go to the `outbox` collection.
 */
export const OUTBOX_FIELD = '_outbox';
export const OUTBOX_SINCE_FIELD = '_outboxAt';
export const OUTBOX_COLLECTION = 'outbox';

export interface OutboxFields {
  [OUTBOX_FIELD]?: IntegrationEvent[];
  [OUTBOX_SINCE_FIELD]?: Date;
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

/** A new document carrying its events, for `insertOne`. */
export function withEvents<T extends Document>(doc: T, ...events: IntegrationEvent[]): T & OutboxFields {
  return { ...doc, [OUTBOX_FIELD]: events, [OUTBOX_SINCE_FIELD]: new Date() };
}

/**
 * Update operators that append events, merged into an update's own `$set`/`$push`.
 * Usage: `updateOne(filter, withEventsUpdate({ $set: { desc } }, event))`.
 */
export function withEventsUpdate(update: Document, ...events: IntegrationEvent[]): Document {
  return {
    ...update,
    $set: { ...(update.$set ?? {}), [OUTBOX_SINCE_FIELD]: new Date() },
    $push: { ...(update.$push ?? {}), [OUTBOX_FIELD]: { $each: events } },
  };
}

export const outboxIndex = { key: { [OUTBOX_SINCE_FIELD]: 1 }, name: 'outbox_pending' };

export interface OutboxRelay {
  /** Publish now rather than at the next tick (called after every local write). */
  kick(): void;
  /** Records a fact that has no document of its own. */
  record(event: IntegrationEvent): Promise<void>;
  /** Runs one pass; resolves with the number of events published. */
  drain(): Promise<number>;
  /** Documents whose events are not yet published or not yet cleaned up. */
  pending(): Promise<number>;
  stop(): Promise<void>;
}

export function startOutboxRelay(opts: {
  db: Db;
  collections: string[];
  publish: (event: IntegrationEvent) => Promise<void>;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** How long a document must go without new events before its published ones are removed. */
  settleMs?: number;
  onPublished?: (event: IntegrationEvent) => void;
}): OutboxRelay {
  const settleMs = opts.settleMs ?? 1500;
  const collections = [...new Set([...opts.collections, OUTBOX_COLLECTION])];
  const interval = opts.intervalMs ?? 1000;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;

  // Events published but still listed on their document, so a later pass does not publish them
  // again while the document waits for its clean-up.
  const published = new Set<string>();

  async function passOnce(): Promise<number> {
    let count = 0;
    const now = Date.now();
    for (const name of collections) {
      const collection = opts.db.collection(name);
      const docs = await collection
        .find({ [OUTBOX_SINCE_FIELD]: { $lte: new Date(now) } })
        .sort({ [OUTBOX_SINCE_FIELD]: 1 })
        .limit(100)
        .toArray();
      for (const doc of docs) {
        const fields = doc as OutboxFields;
        const events = fields[OUTBOX_FIELD] ?? [];
        for (const event of events) {
          if (published.has(event.id)) continue;
          await opts.publish(event);
          published.add(event.id);
          count += 1;
          opts.onPublished?.(event);
        }
        const since = fields[OUTBOX_SINCE_FIELD];
        if (!since || now - since.getTime() < settleMs) continue;
        // One write, and only once the document has been quiet for a while: FerretDB applies an
        // update as read-modify-write, so a clean-up racing a business write could undo it.
        // The `_outboxAt` condition leaves alone a document that got new events since it was read.
        if (name === OUTBOX_COLLECTION) {
          await collection.deleteOne({ _id: doc._id, [OUTBOX_SINCE_FIELD]: since });
        } else {
          const cleanUp: Document = {
            $pullAll: { [OUTBOX_FIELD]: events },
            $unset: { [OUTBOX_SINCE_FIELD]: '' },
          };
          await collection.updateOne({ _id: doc._id, [OUTBOX_SINCE_FIELD]: since }, cleanUp);
        }
        for (const event of events) published.delete(event.id);
      }
    }
    if (published.size > 100_000) published.clear();
    return count;
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
        } while (again && !stopped);
        failures = 0;
      } catch (error) {
        failures += 1;
        if (failures === 1 || failures % 20 === 0) {
          opts.log.warn({ err: error, failures }, 'outbox relay could not publish; will retry');
        }
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  function schedule() {
    if (stopped) return;
    const backoff = failures === 0 ? interval : Math.min(interval * 2 ** Math.min(failures, 4), 15_000);
    timer = setTimeout(async () => {
      await drain();
      schedule();
    }, backoff);
    timer.unref();
  }
  schedule();

  return {
    kick() {
      if (!stopped) void drain();
    },
    async record(event) {
      await opts.db
        .collection(OUTBOX_COLLECTION)
        .insertOne({ _id: event.id as never, [OUTBOX_FIELD]: [event], [OUTBOX_SINCE_FIELD]: new Date() });
      void drain();
    },
    drain,
    async pending() {
      let count = 0;
      for (const name of collections) {
        count += await opts.db
          .collection(name)
          .countDocuments({ [OUTBOX_SINCE_FIELD]: { $lte: new Date() } });
      }
      return count;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running.catch(() => 0);
    },
  };
}
